// Generated from docs/openapi.json by clients/typescript/scripts/generate.ts (npm run client:generate): do not edit.
export interface paths {
    "/accounting/event/record": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record an immutable financial event in the ledger.
         * @description May be called by `acct_export_admin`, `finance_audit` or the owner.
         *
         *     `request_context` is required: the complete context of the call, naming the organisation of `x-orgcode`.
         *
         *     Idempotent: send `idempotency_key`; a repeat with the same body answers the first call's `data`.
         */
        post: operations["event.record"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/event/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read one accounting event by its identifier.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["event.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/event/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List events, newest last, filtered by type, facility, channel, cost centre and time window.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["event.list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/lineage/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trace every event that names one source record (an order, invoice, tender…).
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["lineage.list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/reconcile/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Count events and sum amounts and tax per currency over a time window, page by page.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["reconcile.report"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/export/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start building an export of the events of a time window, as JSON lines or CSV, in batches of files: the events themselves, their tax lines, or their balanced journal entries (gl_journal).
         * @description May be called by `acct_export_admin` or the owner.
         *
         *     `request_context` is required: the complete context of the call, naming the organisation of `x-orgcode`.
         *
         *     Idempotent: send `idempotency_key`; a repeat with the same body answers the first call's `data`.
         */
        post: operations["export.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/export/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read one export: poll it until its status is ready (or failed).
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["export.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/export/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List exports of one status (by default those not yet finished) whose window overlaps a time window; each without its evidence's file_refs (one per batch), which /export/get answers.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["export.list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/export/batch/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a batch of an export to be built: a re-delivery of its whole window, or the repair of a failed batch.
         * @description May be called by `acct_export_admin` or the owner.
         *
         *     `request_context` is required: the complete context of the call, naming the organisation of `x-orgcode`.
         *
         *     Idempotent: send `idempotency_key`; a repeat with the same body answers the first call's `data`.
         */
        post: operations["export.batch.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/export/batch/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read one export batch, with its status and evidence.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["export.batch.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/export/batch/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List export batches, of one export, of one schedule, or of the whole organisation, filtered by status (default: pending, running and ready).
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["export.batch.list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/export/batch/repair": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rebuild a failed batch of an export from exactly the records it held, into new files.
         * @description May be called by `acct_export_admin` or the owner.
         *
         *     `request_context` is required: the complete context of the call, naming the organisation of `x-orgcode`.
         *
         *     Idempotent: send `idempotency_key`; a repeat with the same body answers the first call's `data`.
         */
        post: operations["export.batch.repair"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/export/batch/status/set": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record what became of a built batch downstream: sent, or failed, with the evidence reported.
         * @description May be called by `acct_export_admin` or the owner.
         *
         *     `request_context` is required: the complete context of the call, naming the organisation of `x-orgcode`.
         *
         *     Send the `expected_revision` of the record as read: a stale one is 409, a missing one 428.
         */
        post: operations["export.batch.status.set"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/export/schedule/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a schedule that exports a window of events at every slot of an interval or cron cadence.
         * @description May be called by `acct_export_admin` or the owner.
         *
         *     `request_context` is required: the complete context of the call, naming the organisation of `x-orgcode`.
         *
         *     Idempotent: send `idempotency_key`; a repeat with the same body answers the first call's `data`.
         */
        post: operations["export.schedule.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/export/schedule/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read one export schedule, with its next run.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["export.schedule.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/export/schedule/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the export schedules of the organisation, optionally only the active or the suspended ones.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["export.schedule.list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/export/schedule/status/set": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend an export schedule, or resume it from its next slot after now.
         * @description May be called by `acct_export_admin` or the owner.
         *
         *     `request_context` is required: the complete context of the call, naming the organisation of `x-orgcode`.
         *
         *     Send the `expected_revision` of the record as read: a stale one is 409, a missing one 428.
         */
        post: operations["export.schedule.status.set"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/export/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The files of an export or one batch, each with a download link valid for at most 15 minutes (an S3 presigned GET: no AWS credentials needed), its size and SHA-256, and the manifest's.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["export.files"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/invoice/set": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an order's invoice, as a draft or issued, or change and issue a draft under its expected revision.
         * @description May be called by `ar_admin`, `acct_export_admin` or `finance_audit`.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         *
         *     Send the `expected_revision` of the record as read: a stale one is 409, a missing one 428.
         */
        post: operations["invoice.set"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/invoice/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read one invoice by its identifier.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["invoice.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/invoice/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List invoices by due date, a customer's or the organisation's, filtered by status and due window.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["invoice.list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/invoice/status/set": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a draft, void an invoice, write one off or reopen it, under its expected revision.
         * @description May be called by `ar_admin`, `acct_export_admin` or `finance_audit`.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         *
         *     Send the `expected_revision` of the record as read: a stale one is 409, a missing one 428.
         */
        post: operations["invoice.status.set"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/invoice/payment/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply a payment received by hand to one invoice, whole, under its expected revision.
         * @description May be called by `ar_admin`, `acct_export_admin` or `finance_audit`.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         *
         *     Idempotent: send `idempotency_key`; a repeat with the same body answers the first call's `data`.
         *
         *     Send the `expected_revision` of the record as read: a stale one is 409, a missing one 428.
         */
        post: operations["invoice.payment.apply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/invoice/payment/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the payments of one invoice or of one customer, by when they were received.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["invoice.payment.list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/ar/aging/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Age what customers owe into buckets by days past due, customer by customer, with totals per currency.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["ar.aging.report"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/ar/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sum what each customer owes per currency, with totals per currency.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["ar.balance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/ar/statement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List a customer's dated entries over a time range, with opening, running and closing balances.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["ar.statement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/commission/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read one commission by its identifier: the order's sale, the rule and amount it was rated with, its lines and status.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["commission.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/commission/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List an associate's commissions, or an order's, by when the sale was placed, filtered by status (default: unrated and accrued).
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["commission.list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/commission/adjust": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a bonus, chargeback or correction to an associate's commission lines, optionally about one commission, recording commission.adjusted.
         * @description May be called by `commission_admin`, `ar_admin`, `acct_export_admin` or `finance_audit`.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         *
         *     Idempotent: send `idempotency_key`; a repeat with the same body answers the first call's `data`.
         */
        post: operations["commission.adjust"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/commission/split/set": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Share an accrued commission between associates in basis points, under its expected revision, replacing its lines.
         * @description May be called by `commission_admin`, `ar_admin`, `acct_export_admin` or `finance_audit`.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         *
         *     Send the `expected_revision` of the record as read: a stale one is 409, a missing one 428.
         */
        post: operations["commission.split.set"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/commission/payout/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a pending payout of every payable line of an associate in one currency and period that no other payout holds, chargebacks netted.
         * @description May be called by `commission_admin`, `ar_admin`, `acct_export_admin` or `finance_audit`.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         *
         *     Idempotent: send `idempotency_key`; a repeat with the same body answers the first call's `data`.
         */
        post: operations["commission.payout.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/commission/payout/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read one commission payout: its associate, currency and period, what its lines add up to by kind, and its status.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["commission.payout.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/commission/payout/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the organisation's commission payouts, or one associate's, newest first, filtered by status (default: pending and approved) and currency.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["commission.payout.list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/commission/payout/status/set": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a payout one step (pending to approved to paid) or cancel it before it is paid, freeing its lines, under its expected revision.
         * @description May be called by `commission_admin`, `ar_admin`, `acct_export_admin` or `finance_audit`.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         *
         *     Send the `expected_revision` of the record as read: a stale one is 409, a missing one 428.
         */
        post: operations["commission.payout.status.set"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/commission/statement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List an associate's commission lines over a period, each with where it stands, and total them per currency: accrued, voided, adjustments, net, paid, in payout and payable.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["commission.statement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/storage/usage/record": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record an immutable measurement of the organisation's storage: bytes, items or objects of one resource, for a window or an instant.
         * @description May be called by `acct_export_admin`, `finance_audit` or the owner.
         *
         *     `request_context` is required: the complete context of the call, naming the organisation of `x-orgcode`.
         *
         *     Idempotent: send `idempotency_key`; a repeat with the same body answers the first call's `data`.
         */
        post: operations["storage.usage.record"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/storage/usage/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read one storage usage record by its identifier.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["storage.usage.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/storage/usage/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List storage usage records, oldest window first, filtered by resource type, service, cost centre, facility, channel and time window.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["storage.usage.list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/storage/usage/reconcile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Measure the organisation's objects (per prefix) and table items (per cost centre) and record them as storage usage of the window, a bounded number of reads per call, resumed with next_cursor.
         * @description May be called by `acct_export_admin`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["storage.usage.reconcile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/rollup/financial/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read one day's financial rollup of one dimension value (a channel's sales, a tender method, a tax jurisdiction, an aging bucket).
         * @description May be called by `acct_view`, `acct_export_admin` or `finance_audit`.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["rollup.financial.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/rollup/financial/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List daily financial rollup records over a range of days, of every dimension (sales, tender, tax, ar_aging, in that order), one, or one dimension value.
         * @description May be called by `acct_view`, `acct_export_admin` or `finance_audit`.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["rollup.financial.list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/usage/rollup/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read one day's usage rollup of a service: the organisation's, one cost centre's, or the usage that named no cost centre.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["usage.rollup.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/usage/rollup/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List daily usage rollup records over a range of days, by day, of every service and scope, or of one service, cost centre or scope.
         * @description May be called by `acct_view`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["usage.rollup.list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/comment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Comment on a record of the organisation (or reply to a comment on it), with attachments, hashtags and mentions; whoever it mentions, and the author of the comment it answers, find it in their inbox.
         * @description May be called by any member of the organisation.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         *
         *     Idempotent: send `idempotency_key`; a repeat with the same body answers the first call's `data`.
         */
        post: operations["comment.add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/comment/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read a comment on a record as it is, or as it was at an earlier revision.
         * @description May be called by any member of the organisation.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["comment.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/comment/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List a record's comments, a user's, or the whole organisation's, oldest first, filtered by status (default: current), hashtag and when they were created.
         * @description May be called by any member of the organisation.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["comment.list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/comment/revise": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revise a comment's caption, body, attachments, hashtags or mentions under its expected revision (its author, the owner or finance_audit), keeping the earlier revision readable; whoever it newly mentions is told.
         * @description May be called by any member of the organisation.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         *
         *     Send the `expected_revision` of the record as read: a stale one is 409, a missing one 428.
         */
        post: operations["comment.revise"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/comment/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a comment or bring it back, or doom it for good, under its expected revision (its author, the owner or finance_audit).
         * @description May be called by any member of the organisation.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         *
         *     Send the `expected_revision` of the record as read: a stale one is 409, a missing one 428.
         */
        post: operations["comment.status"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/comment/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Count a record's comments, or the organisation's, by status, by hashtag and by author.
         * @description May be called by any member of the organisation.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["comment.report"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/inbox/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put an item in a user's inbox or a team's (every holder of the role sees it): a kind, a title, a body and the record it is about.
         * @description May be called by `finance_audit`, the owner or any of the organisation's API keys.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["inbox.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/inbox/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read one of the caller's inbox items, or one of its teams'.
         * @description May be called by any member of the organisation.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["inbox.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/inbox/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the caller's inbox and its teams', newest first, filtered by status (default: current), read state and kind.
         * @description May be called by any member of the organisation.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["inbox.list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/inbox/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive one of the caller's inbox items or bring it back, or doom it for good, under its expected revision.
         * @description May be called by any member of the organisation.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         *
         *     Send the `expected_revision` of the record as read: a stale one is 409, a missing one 428.
         */
        post: operations["inbox.status"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/inbox/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark some of the caller's inbox items read or unread (up to 100 at once), or every one unread now read.
         * @description May be called by any member of the organisation.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["inbox.state"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/gl/mapping/set": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set the organisation's whole account mapping as a new revision: which general-ledger accounts each event type debits and credits, from a day on.
         * @description May be called by `acct_export_admin` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         *
         *     Idempotent: send `idempotency_key`; a repeat with the same body answers the first call's `data`.
         *
         *     Send the `expected_revision` of the record as read: a stale one is 409, a missing one 428.
         */
        post: operations["gl.mapping.set"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/gl/mapping/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read the organisation's account mapping: one revision, or the latest.
         * @description May be called by `acct_view`, `acct_export_admin`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["gl.mapping.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/gl/mapping/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the revisions of the organisation's account mapping, newest first.
         * @description May be called by `acct_view`, `acct_export_admin`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["gl.mapping.list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/gl/coverage/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Before a journal export: how many of a window's events the account mapping maps, and which it does not, grouped by type, channel, cost centre, facility and currency.
         * @description May be called by `acct_view`, `acct_export_admin`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["gl.coverage.report"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/gl/period/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close an accounting month for good, as the ERP has: journal entries dated in it from now on post on the first day of the next open month (closing it again answers the first close).
         * @description May be called by `acct_export_admin` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["gl.period.close"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/gl/period/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The organisation's closed accounting months, oldest first (every month not listed is open).
         * @description May be called by `acct_view`, `acct_export_admin`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["gl.period.list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounting/gl/trial-balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Debits, credits and balance per account of every event up to the end of a UTC day, exported or not, mapped as a journal made now would map it, with the totals per currency and how many events no rule maps.
         * @description May be called by `acct_view`, `acct_export_admin`, `finance_audit` or the owner.
         *
         *     `request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.
         */
        post: operations["gl.trial_balance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        BuildMeta: {
            build_major: string;
            build_minor: string;
            build_id: string;
        };
        Stats: {
            call: string;
            /** @constant */
            service: "accounting";
            request_id?: string;
            /** Format: date-time */
            timestamp_utc: string;
            actor?: string;
            /** @enum {string} */
            context_source?: "session" | "api_key" | "operator" | "system";
            session_fingerprint?: string;
            api_key_fingerprint?: string;
            orgcode?: string;
            cccode?: string;
            logical_guid?: string;
            channel_code?: string;
            roles?: string[];
            build: components["schemas"]["BuildMeta"];
        };
        Error: {
            error_code: string;
            http_status: number;
            retryable: boolean;
            request_id: string;
            trace_id: string;
            major: {
                /** @enum {string} */
                tag: "validation-error" | "unauthorized" | "forbidden" | "not-found" | "expected-revision-required" | "conflict" | "invalid-state" | "throttled" | "unavailable" | "internal-error";
                message: {
                    en_US: string;
                };
            };
            minor: string;
            message: string;
            details: {
                [key: string]: unknown;
            };
        };
        ErrorEnvelope: {
            /** @constant */
            success: false;
            error: components["schemas"]["Error"];
            conflict_snapshot?: {
                revision: number;
            };
            stats: components["schemas"]["Stats"];
            build: components["schemas"]["BuildMeta"];
        };
    };
    responses: {
        /** @description `validation-error`: the body is not a JSON object of this operation's schema, or a header or `next_token` is not valid. */
        Error400: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "error_code": "accounting.validation_failed",
                 *         "http_status": 400,
                 *         "retryable": false,
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "trace_id": "Root=1-6740b1a2-5f0c3e7d9a1b2c4d6e8f0a1b",
                 *         "major": {
                 *           "tag": "validation-error",
                 *           "message": {
                 *             "en_US": "occurred_at: must be an ISO 8601 date-time with a time zone, e.g. 2026-01-31T12:00:00Z"
                 *           }
                 *         },
                 *         "minor": "validation_failed",
                 *         "message": "occurred_at: must be an ISO 8601 date-time with a time zone, e.g. 2026-01-31T12:00:00Z",
                 *         "details": {
                 *           "issues": [
                 *             {
                 *               "path": "occurred_at",
                 *               "message": "must be an ISO 8601 date-time with a time zone, e.g. 2026-01-31T12:00:00Z"
                 *             }
                 *           ]
                 *         }
                 *       },
                 *       "stats": {
                 *         "call": "event.get",
                 *         "service": "accounting",
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                 *         "actor": "checkout-service",
                 *         "context_source": "api_key",
                 *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                 *         "orgcode": "ACME",
                 *         "roles": [],
                 *         "build": {
                 *           "build_major": "0",
                 *           "build_minor": "1",
                 *           "build_id": "example"
                 *         }
                 *       },
                 *       "build": {
                 *         "build_major": "0",
                 *         "build_minor": "1",
                 *         "build_id": "example"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description `unauthorized`: no `x-orgcode`, no credential or more than one, or a credential that is unknown, expired or revoked. */
        Error401: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "error_code": "accounting.unauthorized",
                 *         "http_status": 401,
                 *         "retryable": false,
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "trace_id": "Root=1-6740b1a2-5f0c3e7d9a1b2c4d6e8f0a1b",
                 *         "major": {
                 *           "tag": "unauthorized",
                 *           "message": {
                 *             "en_US": "A valid credential is required"
                 *           }
                 *         },
                 *         "minor": "unauthorized",
                 *         "message": "A valid credential is required",
                 *         "details": {}
                 *       },
                 *       "stats": {
                 *         "call": "event.get",
                 *         "service": "accounting",
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                 *         "build": {
                 *           "build_major": "0",
                 *           "build_minor": "1",
                 *           "build_id": "example"
                 *         }
                 *       },
                 *       "build": {
                 *         "build_major": "0",
                 *         "build_minor": "1",
                 *         "build_id": "example"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description `forbidden`: the credential has no role that may call this operation (`details.allowed_roles`, `details.owner_allowed` say who may). */
        Error403: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "error_code": "accounting.forbidden",
                 *         "http_status": 403,
                 *         "retryable": false,
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "trace_id": "Root=1-6740b1a2-5f0c3e7d9a1b2c4d6e8f0a1b",
                 *         "major": {
                 *           "tag": "forbidden",
                 *           "message": {
                 *             "en_US": "The credential has no role that allows this call; allowed: acct_view, finance_audit, the organisation owner"
                 *           }
                 *         },
                 *         "minor": "forbidden",
                 *         "message": "The credential has no role that allows this call; allowed: acct_view, finance_audit, the organisation owner",
                 *         "details": {
                 *           "allowed_roles": [
                 *             "acct_view",
                 *             "finance_audit"
                 *           ],
                 *           "owner_allowed": true
                 *         }
                 *       },
                 *       "stats": {
                 *         "call": "event.get",
                 *         "service": "accounting",
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                 *         "actor": "checkout-service",
                 *         "context_source": "api_key",
                 *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                 *         "orgcode": "ACME",
                 *         "roles": [],
                 *         "build": {
                 *           "build_major": "0",
                 *           "build_minor": "1",
                 *           "build_id": "example"
                 *         }
                 *       },
                 *       "build": {
                 *         "build_major": "0",
                 *         "build_minor": "1",
                 *         "build_id": "example"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description `not-found`: the record named does not exist in the organisation, or the credential is another organisation's. */
        Error404: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "error_code": "accounting.not_found",
                 *         "http_status": 404,
                 *         "retryable": false,
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "trace_id": "Root=1-6740b1a2-5f0c3e7d9a1b2c4d6e8f0a1b",
                 *         "major": {
                 *           "tag": "not-found",
                 *           "message": {
                 *             "en_US": "Not found"
                 *           }
                 *         },
                 *         "minor": "not_found",
                 *         "message": "Not found",
                 *         "details": {}
                 *       },
                 *       "stats": {
                 *         "call": "event.get",
                 *         "service": "accounting",
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                 *         "actor": "checkout-service",
                 *         "context_source": "api_key",
                 *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                 *         "orgcode": "ACME",
                 *         "roles": [],
                 *         "build": {
                 *           "build_major": "0",
                 *           "build_minor": "1",
                 *           "build_id": "example"
                 *         }
                 *       },
                 *       "build": {
                 *         "build_major": "0",
                 *         "build_minor": "1",
                 *         "build_id": "example"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description `conflict` or `invalid-state`: a record with this id already exists, `expected_revision` is stale (see `conflict_snapshot`), the record's status does not allow the change, or (retryable) a call with the same `idempotency_key` is still running. */
        Error409: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "error_code": "accounting.conflict_revision",
                 *         "http_status": 409,
                 *         "retryable": false,
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "trace_id": "Root=1-6740b1a2-5f0c3e7d9a1b2c4d6e8f0a1b",
                 *         "major": {
                 *           "tag": "conflict",
                 *           "message": {
                 *             "en_US": "expected_revision 2 does not match the current revision 3"
                 *           }
                 *         },
                 *         "minor": "conflict_revision",
                 *         "message": "expected_revision 2 does not match the current revision 3",
                 *         "details": {
                 *           "supplied_revision": 2,
                 *           "current_revision": 3
                 *         }
                 *       },
                 *       "conflict_snapshot": {
                 *         "revision": 3
                 *       },
                 *       "stats": {
                 *         "call": "event.get",
                 *         "service": "accounting",
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                 *         "actor": "checkout-service",
                 *         "context_source": "api_key",
                 *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                 *         "orgcode": "ACME",
                 *         "roles": [],
                 *         "build": {
                 *           "build_major": "0",
                 *           "build_minor": "1",
                 *           "build_id": "example"
                 *         }
                 *       },
                 *       "build": {
                 *         "build_major": "0",
                 *         "build_minor": "1",
                 *         "build_id": "example"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description `validation-error`: the `idempotency_key` was used before with a different body. */
        Error422: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "error_code": "accounting.idempotency_key_reused",
                 *         "http_status": 422,
                 *         "retryable": false,
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "trace_id": "Root=1-6740b1a2-5f0c3e7d9a1b2c4d6e8f0a1b",
                 *         "major": {
                 *           "tag": "validation-error",
                 *           "message": {
                 *             "en_US": "This idempotency_key was already used with a different request body"
                 *           }
                 *         },
                 *         "minor": "idempotency_key_reused",
                 *         "message": "This idempotency_key was already used with a different request body",
                 *         "details": {
                 *           "issues": [
                 *             {
                 *               "path": "idempotency_key",
                 *               "message": "was used with a different request body"
                 *             }
                 *           ]
                 *         }
                 *       },
                 *       "stats": {
                 *         "call": "event.get",
                 *         "service": "accounting",
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                 *         "actor": "checkout-service",
                 *         "context_source": "api_key",
                 *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                 *         "orgcode": "ACME",
                 *         "roles": [],
                 *         "build": {
                 *           "build_major": "0",
                 *           "build_minor": "1",
                 *           "build_id": "example"
                 *         }
                 *       },
                 *       "build": {
                 *         "build_major": "0",
                 *         "build_minor": "1",
                 *         "build_id": "example"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description `expected-revision-required`: `expected_revision` is missing. */
        Error428: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "error_code": "accounting.expected_revision_required",
                 *         "http_status": 428,
                 *         "retryable": false,
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "trace_id": "Root=1-6740b1a2-5f0c3e7d9a1b2c4d6e8f0a1b",
                 *         "major": {
                 *           "tag": "expected-revision-required",
                 *           "message": {
                 *             "en_US": "expected_revision is required to change this record"
                 *           }
                 *         },
                 *         "minor": "expected_revision_required",
                 *         "message": "expected_revision is required to change this record",
                 *         "details": {
                 *           "issues": [
                 *             {
                 *               "path": "expected_revision",
                 *               "message": "is required"
                 *             }
                 *           ]
                 *         }
                 *       },
                 *       "stats": {
                 *         "call": "event.get",
                 *         "service": "accounting",
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                 *         "actor": "checkout-service",
                 *         "context_source": "api_key",
                 *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                 *         "orgcode": "ACME",
                 *         "roles": [],
                 *         "build": {
                 *           "build_major": "0",
                 *           "build_minor": "1",
                 *           "build_id": "example"
                 *         }
                 *       },
                 *       "build": {
                 *         "build_major": "0",
                 *         "build_minor": "1",
                 *         "build_id": "example"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description `throttled`: the service is busy: retry with backoff. */
        Error429: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "retry-after": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "error_code": "accounting.org_rate_limited",
                 *         "http_status": 429,
                 *         "retryable": true,
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "trace_id": "Root=1-6740b1a2-5f0c3e7d9a1b2c4d6e8f0a1b",
                 *         "major": {
                 *           "tag": "throttled",
                 *           "message": {
                 *             "en_US": "The organisation's calls are over its rate; retry after retry_after_ms"
                 *           }
                 *         },
                 *         "minor": "org_rate_limited",
                 *         "message": "The organisation's calls are over its rate; retry after retry_after_ms",
                 *         "details": {
                 *           "retry_after_ms": 250
                 *         }
                 *       },
                 *       "stats": {
                 *         "call": "event.get",
                 *         "service": "accounting",
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                 *         "actor": "checkout-service",
                 *         "context_source": "api_key",
                 *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                 *         "orgcode": "ACME",
                 *         "roles": [],
                 *         "build": {
                 *           "build_major": "0",
                 *           "build_minor": "1",
                 *           "build_id": "example"
                 *         }
                 *       },
                 *       "build": {
                 *         "build_major": "0",
                 *         "build_minor": "1",
                 *         "build_id": "example"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description `internal-error`: an internal error: retry with backoff. */
        Error500: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "error_code": "accounting.internal",
                 *         "http_status": 500,
                 *         "retryable": true,
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "trace_id": "Root=1-6740b1a2-5f0c3e7d9a1b2c4d6e8f0a1b",
                 *         "major": {
                 *           "tag": "internal-error",
                 *           "message": {
                 *             "en_US": "An internal error occurred"
                 *           }
                 *         },
                 *         "minor": "internal",
                 *         "message": "An internal error occurred",
                 *         "details": {}
                 *       },
                 *       "stats": {
                 *         "call": "event.get",
                 *         "service": "accounting",
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                 *         "actor": "checkout-service",
                 *         "context_source": "api_key",
                 *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                 *         "orgcode": "ACME",
                 *         "roles": [],
                 *         "build": {
                 *           "build_major": "0",
                 *           "build_minor": "1",
                 *           "build_id": "example"
                 *         }
                 *       },
                 *       "build": {
                 *         "build_major": "0",
                 *         "build_minor": "1",
                 *         "build_id": "example"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description `unavailable`: the call ran out of time before it finished (`retryable`): nothing it started commits later, so retry with backoff, with the same `idempotency_key` where the operation takes one. */
        Error503: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "retry-after": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "error_code": "accounting.deadline_exceeded",
                 *         "http_status": 503,
                 *         "retryable": true,
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "trace_id": "Root=1-6740b1a2-5f0c3e7d9a1b2c4d6e8f0a1b",
                 *         "major": {
                 *           "tag": "unavailable",
                 *           "message": {
                 *             "en_US": "The call ran out of time before it finished; nothing it started goes on. Retry with backoff"
                 *           }
                 *         },
                 *         "minor": "deadline_exceeded",
                 *         "message": "The call ran out of time before it finished; nothing it started goes on. Retry with backoff",
                 *         "details": {}
                 *       },
                 *       "stats": {
                 *         "call": "event.get",
                 *         "service": "accounting",
                 *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                 *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                 *         "actor": "checkout-service",
                 *         "context_source": "api_key",
                 *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                 *         "orgcode": "ACME",
                 *         "roles": [],
                 *         "build": {
                 *           "build_major": "0",
                 *           "build_minor": "1",
                 *           "build_id": "example"
                 *         }
                 *       },
                 *       "build": {
                 *         "build_major": "0",
                 *         "build_minor": "1",
                 *         "build_id": "example"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
    };
    parameters: {
        /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
        Orgcode: string;
        /** @description The facility the call is made for; recorded in the request context. */
        LogicalGuid: string;
        /** @description The sales channel, lowercase snake_case; recorded in the request context. */
        ChannelCode: string;
        /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
        Cccode: string;
    };
    requestBodies: never;
    headers: {
        /** @description The request id, also in `stats.request_id`. */
        RequestId: string;
        /** @description The whole seconds to wait before sending the call again (RFC 9110): `details.retry_after_ms` rounded up where the error gives it, else 1. */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "event.record": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "event_type": "order.placed",
                 *       "occurred_at": "2026-11-20T10:15:00Z",
                 *       "channel_code": "web_store",
                 *       "amount": {
                 *         "currency": "USD",
                 *         "amount": 107.5
                 *       },
                 *       "tax_amount": {
                 *         "currency": "USD",
                 *         "amount": 7.5
                 *       },
                 *       "tax_jurisdiction_code": "US-CA",
                 *       "reason": "Order placed on the web store",
                 *       "source_refs": [
                 *         {
                 *           "kind": "order",
                 *           "id": "ord_1001"
                 *         }
                 *       ],
                 *       "idempotency_key": "order-placed-ord_1001",
                 *       "request_context": {
                 *         "orgcode": "ACME",
                 *         "actor": "checkout-service",
                 *         "context_source": "api_key"
                 *       }
                 *     }
                 */
                "application/json": {
                    event_id?: string;
                    event_type: string;
                    /** Format: date-time */
                    occurred_at: string;
                    logical_guid?: string;
                    channel_code?: string;
                    cccode?: string;
                    amount?: {
                        currency: string;
                        amount: number;
                    };
                    tax_amount?: {
                        currency: string;
                        amount: number;
                    };
                    tax_policy_version?: string;
                    /** @enum {string} */
                    tax_basis?: "included" | "added";
                    /** @enum {string} */
                    tax_liability_trigger?: "order" | "invoice" | "shipment";
                    tax_jurisdiction_code?: string;
                    tax_holiday_applied?: boolean;
                    tax_override_applied?: boolean;
                    tax_components?: {
                        tax_code?: string;
                        jurisdiction_code?: string;
                        rate?: number;
                        taxable_base?: {
                            currency: string;
                            amount: number;
                        };
                        /** @enum {string} */
                        tax_basis?: "included" | "added";
                        holiday_applied?: boolean;
                        exemption_applied?: boolean;
                        exemption_reason?: string;
                        amount?: {
                            currency: string;
                            amount: number;
                        };
                    }[];
                    policy_refs?: {
                        tax_policy_version?: string;
                        export_policy_version?: string;
                        storage_policy_version?: string;
                    } & {
                        [key: string]: string;
                    };
                    reason: string;
                    source_refs: {
                        kind: string;
                        id: string;
                    }[];
                    idempotency_key?: string;
                    request_context: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "event": {
                     *           "event_id": "evt_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *           "orgcode": "ACME",
                     *           "event_type": "order.placed",
                     *           "occurred_at": "2026-11-20T10:15:00Z",
                     *           "channel_code": "web_store",
                     *           "amount": {
                     *             "currency": "USD",
                     *             "amount": 107.5
                     *           },
                     *           "tax_amount": {
                     *             "currency": "USD",
                     *             "amount": 7.5
                     *           },
                     *           "tax_jurisdiction_code": "US-CA",
                     *           "reason": "Order placed on the web store",
                     *           "source_refs": [
                     *             {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             }
                     *           ],
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "acct_export_admin"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "recorded_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "event.record",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_export_admin"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            event: {
                                event_id: string;
                                orgcode: string;
                                event_type: string;
                                /** Format: date-time */
                                occurred_at: string;
                                logical_guid?: string;
                                channel_code?: string;
                                cccode?: string;
                                amount?: {
                                    currency: string;
                                    amount: number;
                                };
                                tax_amount?: {
                                    currency: string;
                                    amount: number;
                                };
                                tax_policy_version?: string;
                                /** @enum {string} */
                                tax_basis?: "included" | "added";
                                /** @enum {string} */
                                tax_liability_trigger?: "order" | "invoice" | "shipment";
                                tax_jurisdiction_code?: string;
                                tax_holiday_applied?: boolean;
                                tax_override_applied?: boolean;
                                tax_components?: {
                                    tax_code?: string;
                                    jurisdiction_code?: string;
                                    rate?: number;
                                    taxable_base?: {
                                        currency: string;
                                        amount: number;
                                    };
                                    /** @enum {string} */
                                    tax_basis?: "included" | "added";
                                    holiday_applied?: boolean;
                                    exemption_applied?: boolean;
                                    exemption_reason?: string;
                                    amount?: {
                                        currency: string;
                                        amount: number;
                                    };
                                }[];
                                policy_refs?: {
                                    tax_policy_version?: string;
                                    export_policy_version?: string;
                                    storage_policy_version?: string;
                                } & {
                                    [key: string]: string;
                                };
                                reason: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                claimed_actor?: string;
                                /** Format: date-time */
                                recorded_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "event.get": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "event_id": "evt_01JEXAMPLE0000000000000000"
                 *     }
                 */
                "application/json": {
                    event_id: string;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "event": {
                     *           "event_id": "evt_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "event_type": "order.placed",
                     *           "occurred_at": "2026-11-20T10:15:02.417Z",
                     *           "reason": "reason",
                     *           "source_refs": [
                     *             {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             }
                     *           ],
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "acct_view"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "recorded_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "event.get",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            event: {
                                event_id: string;
                                orgcode: string;
                                event_type: string;
                                /** Format: date-time */
                                occurred_at: string;
                                logical_guid?: string;
                                channel_code?: string;
                                cccode?: string;
                                amount?: {
                                    currency: string;
                                    amount: number;
                                };
                                tax_amount?: {
                                    currency: string;
                                    amount: number;
                                };
                                tax_policy_version?: string;
                                /** @enum {string} */
                                tax_basis?: "included" | "added";
                                /** @enum {string} */
                                tax_liability_trigger?: "order" | "invoice" | "shipment";
                                tax_jurisdiction_code?: string;
                                tax_holiday_applied?: boolean;
                                tax_override_applied?: boolean;
                                tax_components?: {
                                    tax_code?: string;
                                    jurisdiction_code?: string;
                                    rate?: number;
                                    taxable_base?: {
                                        currency: string;
                                        amount: number;
                                    };
                                    /** @enum {string} */
                                    tax_basis?: "included" | "added";
                                    holiday_applied?: boolean;
                                    exemption_applied?: boolean;
                                    exemption_reason?: string;
                                    amount?: {
                                        currency: string;
                                        amount: number;
                                    };
                                }[];
                                policy_refs?: {
                                    tax_policy_version?: string;
                                    export_policy_version?: string;
                                    storage_policy_version?: string;
                                } & {
                                    [key: string]: string;
                                };
                                reason: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                claimed_actor?: string;
                                /** Format: date-time */
                                recorded_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "event.list": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "event_types": [
                 *         "order.placed"
                 *       ],
                 *       "from_utc": "2026-11-01T00:00:00Z",
                 *       "to_utc": "2026-12-01T00:00:00Z",
                 *       "limit": 8
                 *     }
                 */
                "application/json": {
                    event_types?: string[];
                    logical_guid?: string;
                    channel_code?: string;
                    cccode?: string;
                    /** Format: date-time */
                    from_utc?: string;
                    /** Format: date-time */
                    to_utc?: string;
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "events": [
                     *           {
                     *             "event_id": "evt_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "orgcode": "ACME",
                     *             "event_type": "order.placed",
                     *             "occurred_at": "2026-11-20T10:15:02.417Z",
                     *             "reason": "reason",
                     *             "source_refs": [
                     *               {
                     *                 "kind": "order",
                     *                 "id": "ord_1001"
                     *               }
                     *             ],
                     *             "request_context": {
                     *               "orgcode": "ACME",
                     *               "actor": "checkout-service",
                     *               "context_source": "api_key",
                     *               "roles": [
                     *                 "acct_view"
                     *               ],
                     *               "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *             },
                     *             "recorded_at": "2026-11-20T10:15:02.417Z"
                     *           }
                     *         ],
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "event.list",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            events: {
                                event_id: string;
                                orgcode: string;
                                event_type: string;
                                /** Format: date-time */
                                occurred_at: string;
                                logical_guid?: string;
                                channel_code?: string;
                                cccode?: string;
                                amount?: {
                                    currency: string;
                                    amount: number;
                                };
                                tax_amount?: {
                                    currency: string;
                                    amount: number;
                                };
                                tax_policy_version?: string;
                                /** @enum {string} */
                                tax_basis?: "included" | "added";
                                /** @enum {string} */
                                tax_liability_trigger?: "order" | "invoice" | "shipment";
                                tax_jurisdiction_code?: string;
                                tax_holiday_applied?: boolean;
                                tax_override_applied?: boolean;
                                tax_components?: {
                                    tax_code?: string;
                                    jurisdiction_code?: string;
                                    rate?: number;
                                    taxable_base?: {
                                        currency: string;
                                        amount: number;
                                    };
                                    /** @enum {string} */
                                    tax_basis?: "included" | "added";
                                    holiday_applied?: boolean;
                                    exemption_applied?: boolean;
                                    exemption_reason?: string;
                                    amount?: {
                                        currency: string;
                                        amount: number;
                                    };
                                }[];
                                policy_refs?: {
                                    tax_policy_version?: string;
                                    export_policy_version?: string;
                                    storage_policy_version?: string;
                                } & {
                                    [key: string]: string;
                                };
                                reason: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                claimed_actor?: string;
                                /** Format: date-time */
                                recorded_at: string;
                            }[];
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "lineage.list": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "source_ref": {
                 *         "kind": "order",
                 *         "id": "ord_1001"
                 *       }
                 *     }
                 */
                "application/json": {
                    source_ref: {
                        kind: string;
                        id: string;
                    };
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "lineage": [
                     *           {
                     *             "event_id": "evt_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "event_type": "order.placed",
                     *             "occurred_at": "2026-11-20T10:15:02.417Z",
                     *             "source_ref": {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             },
                     *             "reason": "reason"
                     *           }
                     *         ],
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "lineage.list",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            lineage: {
                                event_id: string;
                                event_type: string;
                                /** Format: date-time */
                                occurred_at: string;
                                logical_guid?: string;
                                channel_code?: string;
                                cccode?: string;
                                source_ref: {
                                    kind: string;
                                    id: string;
                                };
                                reason: string;
                            }[];
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "reconcile.report": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "from_utc": "2026-11-01T00:00:00Z",
                 *       "to_utc": "2026-12-01T00:00:00Z"
                 *     }
                 */
                "application/json": {
                    /** Format: date-time */
                    from_utc: string;
                    /** Format: date-time */
                    to_utc: string;
                    event_types?: string[];
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "report": {
                     *           "from_utc": "2026-11-01T00:00:00Z",
                     *           "to_utc": "2026-12-01T00:00:00Z",
                     *           "event_count": 1,
                     *           "by_type": {},
                     *           "amount_totals": {
                     *             "USD": 107.5
                     *           },
                     *           "tax_totals": {
                     *             "USD": 107.5
                     *           },
                     *           "partial": false
                     *         },
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "reconcile.report",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            report: {
                                /** Format: date-time */
                                from_utc: string;
                                /** Format: date-time */
                                to_utc: string;
                                event_count: number;
                                by_type: {
                                    [key: string]: number;
                                };
                                amount_totals: {
                                    [key: string]: number;
                                };
                                tax_totals: {
                                    [key: string]: number;
                                };
                                partial: boolean;
                            };
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "export.create": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "from_utc": "2026-11-01T00:00:00Z",
                 *       "to_utc": "2026-12-01T00:00:00Z",
                 *       "event_types": [
                 *         "order.placed"
                 *       ],
                 *       "format": "csv",
                 *       "export_kind": "financial_events",
                 *       "reason": "November ledger for the ERP",
                 *       "source_refs": [
                 *         {
                 *           "kind": "erp_request",
                 *           "id": "close-2026-11"
                 *         }
                 *       ],
                 *       "idempotency_key": "erp-close-2026-11",
                 *       "request_context": {
                 *         "orgcode": "ACME",
                 *         "actor": "finance-bot",
                 *         "context_source": "api_key"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** Format: date-time */
                    from_utc: string;
                    /** Format: date-time */
                    to_utc: string;
                    event_types?: string[];
                    /**
                     * @default jsonl
                     * @enum {string}
                     */
                    format?: "jsonl" | "csv" | "netsuite_csv";
                    /**
                     * @default financial_events
                     * @enum {string}
                     */
                    export_kind?: "financial_events" | "tax_audit" | "gl_journal";
                    tax_filters?: {
                        jurisdiction_codes?: string[];
                        tax_policy_versions?: string[];
                        /** @enum {string} */
                        tax_basis?: "included" | "added";
                        /** @enum {string} */
                        tax_liability_trigger?: "order" | "invoice" | "shipment";
                        require_tax_amount?: boolean;
                    };
                    max_lines_per_file?: number;
                    idempotency_key?: string;
                    request_context: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                    policy_refs?: {
                        tax_policy_version?: string;
                        export_policy_version?: string;
                        storage_policy_version?: string;
                    } & {
                        [key: string]: string;
                    };
                    reason: string;
                    source_refs: {
                        kind: string;
                        id: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "export": {
                     *           "export_id": "exp_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *           "orgcode": "ACME",
                     *           "format": "csv",
                     *           "export_kind": "financial_events",
                     *           "from_utc": "2026-11-01T00:00:00Z",
                     *           "to_utc": "2026-12-01T00:00:00Z",
                     *           "event_types": [
                     *             "order.placed"
                     *           ],
                     *           "recorded_before": "2026-11-20T10:15:02.417Z",
                     *           "source_refs": [
                     *             {
                     *               "kind": "erp_request",
                     *               "id": "close-2026-11"
                     *             }
                     *           ],
                     *           "reason": "November ledger for the ERP",
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "finance-bot",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "acct_export_admin"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z",
                     *           "status": "pending"
                     *         },
                     *         "export_id": "exp_01JD3Q8Z6M4T7V2X9B5N1C0K8R"
                     *       },
                     *       "stats": {
                     *         "call": "export.create",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "finance-bot",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_export_admin"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            export: {
                                export_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                format: "jsonl" | "csv" | "netsuite_csv";
                                /** @enum {string} */
                                export_kind: "financial_events" | "tax_audit" | "gl_journal";
                                tax_filters?: {
                                    jurisdiction_codes?: string[];
                                    tax_policy_versions?: string[];
                                    /** @enum {string} */
                                    tax_basis?: "included" | "added";
                                    /** @enum {string} */
                                    tax_liability_trigger?: "order" | "invoice" | "shipment";
                                    require_tax_amount?: boolean;
                                };
                                /** Format: date-time */
                                from_utc: string;
                                /** Format: date-time */
                                to_utc: string;
                                event_types?: string[];
                                schedule_id?: string;
                                destination_ref?: string;
                                policy_versions?: {
                                    export_policy_version?: string;
                                };
                                /** Format: date-time */
                                recorded_before: string;
                                mapping_revision?: number;
                                max_lines_per_file?: number;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                reason: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                evidence?: {
                                    manifest_ref?: string;
                                    file_refs?: string[];
                                    checksum_sha256?: string;
                                    record_count?: number;
                                    file_count?: number;
                                    notes?: string;
                                    manifest_checksum_sha256?: string;
                                    journal?: {
                                        entries: number;
                                        lines: number;
                                        currencies: {
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        accounts: {
                                            account: string;
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        unbalanced_entries: number;
                                    };
                                };
                                failure_reason?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                                /** Format: date-time */
                                completed_at?: string;
                                /** Format: date-time */
                                failed_at?: string;
                                /** @enum {string} */
                                status: "pending" | "running" | "ready" | "failed";
                                batch_count?: number;
                                file_count?: number;
                            };
                            export_id: string;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "export.get": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "export_id": "exp_01JEXAMPLE0000000000000000"
                 *     }
                 */
                "application/json": {
                    export_id: string;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "export": {
                     *           "export_id": "exp_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "format": "jsonl",
                     *           "export_kind": "financial_events",
                     *           "from_utc": "2026-11-19T00:00:00Z",
                     *           "to_utc": "2026-11-20T00:00:00Z",
                     *           "recorded_before": "2026-11-20T10:15:02.417Z",
                     *           "source_refs": [
                     *             {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             }
                     *           ],
                     *           "reason": "reason",
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "acct_view"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z",
                     *           "status": "pending"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "export.get",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            export: {
                                export_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                format: "jsonl" | "csv" | "netsuite_csv";
                                /** @enum {string} */
                                export_kind: "financial_events" | "tax_audit" | "gl_journal";
                                tax_filters?: {
                                    jurisdiction_codes?: string[];
                                    tax_policy_versions?: string[];
                                    /** @enum {string} */
                                    tax_basis?: "included" | "added";
                                    /** @enum {string} */
                                    tax_liability_trigger?: "order" | "invoice" | "shipment";
                                    require_tax_amount?: boolean;
                                };
                                /** Format: date-time */
                                from_utc: string;
                                /** Format: date-time */
                                to_utc: string;
                                event_types?: string[];
                                schedule_id?: string;
                                destination_ref?: string;
                                policy_versions?: {
                                    export_policy_version?: string;
                                };
                                /** Format: date-time */
                                recorded_before: string;
                                mapping_revision?: number;
                                max_lines_per_file?: number;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                reason: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                evidence?: {
                                    manifest_ref?: string;
                                    file_refs?: string[];
                                    checksum_sha256?: string;
                                    record_count?: number;
                                    file_count?: number;
                                    notes?: string;
                                    manifest_checksum_sha256?: string;
                                    journal?: {
                                        entries: number;
                                        lines: number;
                                        currencies: {
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        accounts: {
                                            account: string;
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        unbalanced_entries: number;
                                    };
                                };
                                failure_reason?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                                /** Format: date-time */
                                completed_at?: string;
                                /** Format: date-time */
                                failed_at?: string;
                                /** @enum {string} */
                                status: "pending" | "running" | "ready" | "failed";
                                batch_count?: number;
                                file_count?: number;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "export.list": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "status": "ready",
                 *       "from_utc": "2026-11-01T00:00:00Z",
                 *       "to_utc": "2026-12-01T00:00:00Z"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    status?: "pending" | "running" | "ready" | "failed";
                    /** Format: date-time */
                    from_utc?: string;
                    /** Format: date-time */
                    to_utc?: string;
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "exports": [
                     *           {
                     *             "export_id": "exp_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "orgcode": "ACME",
                     *             "format": "jsonl",
                     *             "export_kind": "financial_events",
                     *             "from_utc": "2026-11-01T00:00:00Z",
                     *             "to_utc": "2026-12-01T00:00:00Z",
                     *             "recorded_before": "2026-11-20T10:15:02.417Z",
                     *             "source_refs": [
                     *               {
                     *                 "kind": "order",
                     *                 "id": "ord_1001"
                     *               }
                     *             ],
                     *             "reason": "reason",
                     *             "request_context": {
                     *               "orgcode": "ACME",
                     *               "actor": "checkout-service",
                     *               "context_source": "api_key",
                     *               "roles": [
                     *                 "acct_view"
                     *               ],
                     *               "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *             },
                     *             "revision": 1,
                     *             "created_at": "2026-11-20T10:15:02.417Z",
                     *             "updated_at": "2026-11-20T10:15:02.417Z",
                     *             "status": "ready"
                     *           }
                     *         ],
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "export.list",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            exports: {
                                export_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                format: "jsonl" | "csv" | "netsuite_csv";
                                /** @enum {string} */
                                export_kind: "financial_events" | "tax_audit" | "gl_journal";
                                tax_filters?: {
                                    jurisdiction_codes?: string[];
                                    tax_policy_versions?: string[];
                                    /** @enum {string} */
                                    tax_basis?: "included" | "added";
                                    /** @enum {string} */
                                    tax_liability_trigger?: "order" | "invoice" | "shipment";
                                    require_tax_amount?: boolean;
                                };
                                /** Format: date-time */
                                from_utc: string;
                                /** Format: date-time */
                                to_utc: string;
                                event_types?: string[];
                                schedule_id?: string;
                                destination_ref?: string;
                                policy_versions?: {
                                    export_policy_version?: string;
                                };
                                /** Format: date-time */
                                recorded_before: string;
                                mapping_revision?: number;
                                max_lines_per_file?: number;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                reason: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                evidence?: {
                                    manifest_ref?: string;
                                    checksum_sha256?: string;
                                    record_count?: number;
                                    file_count?: number;
                                    notes?: string;
                                    manifest_checksum_sha256?: string;
                                    journal?: {
                                        entries: number;
                                        lines: number;
                                        currencies: {
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        accounts: {
                                            account: string;
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        unbalanced_entries: number;
                                    };
                                };
                                failure_reason?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                                /** Format: date-time */
                                completed_at?: string;
                                /** Format: date-time */
                                failed_at?: string;
                                /** @enum {string} */
                                status: "pending" | "running" | "ready" | "failed";
                                batch_count?: number;
                                file_count?: number;
                            }[];
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "export.batch.create": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "export_id": "exp_01JEXAMPLE0000000000000000",
                 *       "batch_id": "erp-redelivery-2026-11",
                 *       "batch_kind": "initial",
                 *       "reason": "Deliver November again to the new ERP instance",
                 *       "source_refs": [
                 *         {
                 *           "kind": "erp_request",
                 *           "id": "redelivery-7"
                 *         }
                 *       ],
                 *       "request_context": {
                 *         "orgcode": "ACME",
                 *         "actor": "finance-bot",
                 *         "context_source": "api_key"
                 *       }
                 *     }
                 */
                "application/json": {
                    batch_id?: string;
                    /**
                     * @default initial
                     * @enum {string}
                     */
                    batch_kind?: "initial" | "repair";
                    export_id: string;
                    schedule_id?: string;
                    repair_of_batch_id?: string;
                    evidence?: {
                        manifest_ref?: string;
                        file_refs?: string[];
                        checksum_sha256?: string;
                        record_count?: number;
                        file_count?: number;
                        notes?: string;
                    };
                    policy_refs?: {
                        tax_policy_version?: string;
                        export_policy_version?: string;
                        storage_policy_version?: string;
                    } & {
                        [key: string]: string;
                    };
                    reason: string;
                    source_refs: {
                        kind: string;
                        id: string;
                    }[];
                    idempotency_key?: string;
                    request_context: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "batch": {
                     *           "export_id": "exp_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "format": "jsonl",
                     *           "export_kind": "financial_events",
                     *           "from_utc": "2026-11-19T00:00:00Z",
                     *           "to_utc": "2026-11-20T00:00:00Z",
                     *           "recorded_before": "2026-11-20T10:15:02.417Z",
                     *           "source_refs": [
                     *             {
                     *               "kind": "erp_request",
                     *               "id": "redelivery-7"
                     *             }
                     *           ],
                     *           "reason": "Deliver November again to the new ERP instance",
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "finance-bot",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "acct_export_admin"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z",
                     *           "batch_id": "erp-redelivery-2026-11",
                     *           "batch_kind": "initial",
                     *           "status": "pending",
                     *           "file_count": 1
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "export.batch.create",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "finance-bot",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_export_admin"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            batch: {
                                export_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                format: "jsonl" | "csv" | "netsuite_csv";
                                /** @enum {string} */
                                export_kind: "financial_events" | "tax_audit" | "gl_journal";
                                tax_filters?: {
                                    jurisdiction_codes?: string[];
                                    tax_policy_versions?: string[];
                                    /** @enum {string} */
                                    tax_basis?: "included" | "added";
                                    /** @enum {string} */
                                    tax_liability_trigger?: "order" | "invoice" | "shipment";
                                    require_tax_amount?: boolean;
                                };
                                /** Format: date-time */
                                from_utc: string;
                                /** Format: date-time */
                                to_utc: string;
                                event_types?: string[];
                                schedule_id?: string;
                                destination_ref?: string;
                                policy_versions?: {
                                    export_policy_version?: string;
                                };
                                /** Format: date-time */
                                recorded_before: string;
                                mapping_revision?: number;
                                max_lines_per_file?: number;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                reason: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                evidence?: {
                                    manifest_ref?: string;
                                    file_refs?: string[];
                                    checksum_sha256?: string;
                                    record_count?: number;
                                    file_count?: number;
                                    notes?: string;
                                    manifest_checksum_sha256?: string;
                                    journal?: {
                                        entries: number;
                                        lines: number;
                                        currencies: {
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        accounts: {
                                            account: string;
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        unbalanced_entries: number;
                                    };
                                };
                                failure_reason?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                                /** Format: date-time */
                                completed_at?: string;
                                /** Format: date-time */
                                failed_at?: string;
                                batch_id: string;
                                /** @enum {string} */
                                batch_kind: "initial" | "repair";
                                repair_of_batch_id?: string;
                                repaired_by_batch_id?: string;
                                sequence?: number;
                                /** @enum {string} */
                                status: "pending" | "running" | "ready" | "sent" | "failed";
                                reported_evidence?: {
                                    manifest_ref?: string;
                                    file_refs?: string[];
                                    checksum_sha256?: string;
                                    record_count?: number;
                                    file_count?: number;
                                    notes?: string;
                                    manifest_checksum_sha256?: string;
                                    journal?: {
                                        entries: number;
                                        lines: number;
                                        currencies: {
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        accounts: {
                                            account: string;
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        unbalanced_entries: number;
                                    };
                                };
                                status_reason?: string;
                                file_count: number;
                                /** Format: date-time */
                                sent_at?: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "export.batch.get": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "batch_id": "bat_01JEXAMPLE0000000000000000_0001"
                 *     }
                 */
                "application/json": {
                    batch_id: string;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "batch": {
                     *           "export_id": "exp_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *           "orgcode": "ACME",
                     *           "format": "jsonl",
                     *           "export_kind": "financial_events",
                     *           "from_utc": "2026-11-19T00:00:00Z",
                     *           "to_utc": "2026-11-20T00:00:00Z",
                     *           "recorded_before": "2026-11-20T10:15:02.417Z",
                     *           "source_refs": [
                     *             {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             }
                     *           ],
                     *           "reason": "reason",
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "acct_view"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z",
                     *           "batch_id": "bat_01JEXAMPLE0000000000000000_0001",
                     *           "batch_kind": "initial",
                     *           "status": "pending",
                     *           "file_count": 1
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "export.batch.get",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            batch: {
                                export_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                format: "jsonl" | "csv" | "netsuite_csv";
                                /** @enum {string} */
                                export_kind: "financial_events" | "tax_audit" | "gl_journal";
                                tax_filters?: {
                                    jurisdiction_codes?: string[];
                                    tax_policy_versions?: string[];
                                    /** @enum {string} */
                                    tax_basis?: "included" | "added";
                                    /** @enum {string} */
                                    tax_liability_trigger?: "order" | "invoice" | "shipment";
                                    require_tax_amount?: boolean;
                                };
                                /** Format: date-time */
                                from_utc: string;
                                /** Format: date-time */
                                to_utc: string;
                                event_types?: string[];
                                schedule_id?: string;
                                destination_ref?: string;
                                policy_versions?: {
                                    export_policy_version?: string;
                                };
                                /** Format: date-time */
                                recorded_before: string;
                                mapping_revision?: number;
                                max_lines_per_file?: number;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                reason: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                evidence?: {
                                    manifest_ref?: string;
                                    file_refs?: string[];
                                    checksum_sha256?: string;
                                    record_count?: number;
                                    file_count?: number;
                                    notes?: string;
                                    manifest_checksum_sha256?: string;
                                    journal?: {
                                        entries: number;
                                        lines: number;
                                        currencies: {
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        accounts: {
                                            account: string;
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        unbalanced_entries: number;
                                    };
                                };
                                failure_reason?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                                /** Format: date-time */
                                completed_at?: string;
                                /** Format: date-time */
                                failed_at?: string;
                                batch_id: string;
                                /** @enum {string} */
                                batch_kind: "initial" | "repair";
                                repair_of_batch_id?: string;
                                repaired_by_batch_id?: string;
                                sequence?: number;
                                /** @enum {string} */
                                status: "pending" | "running" | "ready" | "sent" | "failed";
                                reported_evidence?: {
                                    manifest_ref?: string;
                                    file_refs?: string[];
                                    checksum_sha256?: string;
                                    record_count?: number;
                                    file_count?: number;
                                    notes?: string;
                                    manifest_checksum_sha256?: string;
                                    journal?: {
                                        entries: number;
                                        lines: number;
                                        currencies: {
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        accounts: {
                                            account: string;
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        unbalanced_entries: number;
                                    };
                                };
                                status_reason?: string;
                                file_count: number;
                                /** Format: date-time */
                                sent_at?: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "export.batch.list": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "export_id": "exp_01JEXAMPLE0000000000000000",
                 *       "limit": 50
                 *     }
                 */
                "application/json": {
                    export_id?: string;
                    schedule_id?: string;
                    /** @enum {string} */
                    status?: "pending" | "running" | "ready" | "sent" | "failed";
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "batches": [
                     *           {
                     *             "export_id": "exp_01JEXAMPLE0000000000000000",
                     *             "orgcode": "ACME",
                     *             "format": "jsonl",
                     *             "export_kind": "financial_events",
                     *             "from_utc": "2026-11-19T00:00:00Z",
                     *             "to_utc": "2026-11-20T00:00:00Z",
                     *             "recorded_before": "2026-11-20T10:15:02.417Z",
                     *             "source_refs": [
                     *               {
                     *                 "kind": "order",
                     *                 "id": "ord_1001"
                     *               }
                     *             ],
                     *             "reason": "reason",
                     *             "request_context": {
                     *               "orgcode": "ACME",
                     *               "actor": "checkout-service",
                     *               "context_source": "api_key",
                     *               "roles": [
                     *                 "acct_view"
                     *               ],
                     *               "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *             },
                     *             "revision": 1,
                     *             "created_at": "2026-11-20T10:15:02.417Z",
                     *             "updated_at": "2026-11-20T10:15:02.417Z",
                     *             "batch_id": "bat_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "batch_kind": "initial",
                     *             "status": "pending",
                     *             "file_count": 1
                     *           }
                     *         ],
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "export.batch.list",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            batches: {
                                export_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                format: "jsonl" | "csv" | "netsuite_csv";
                                /** @enum {string} */
                                export_kind: "financial_events" | "tax_audit" | "gl_journal";
                                tax_filters?: {
                                    jurisdiction_codes?: string[];
                                    tax_policy_versions?: string[];
                                    /** @enum {string} */
                                    tax_basis?: "included" | "added";
                                    /** @enum {string} */
                                    tax_liability_trigger?: "order" | "invoice" | "shipment";
                                    require_tax_amount?: boolean;
                                };
                                /** Format: date-time */
                                from_utc: string;
                                /** Format: date-time */
                                to_utc: string;
                                event_types?: string[];
                                schedule_id?: string;
                                destination_ref?: string;
                                policy_versions?: {
                                    export_policy_version?: string;
                                };
                                /** Format: date-time */
                                recorded_before: string;
                                mapping_revision?: number;
                                max_lines_per_file?: number;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                reason: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                evidence?: {
                                    manifest_ref?: string;
                                    file_refs?: string[];
                                    checksum_sha256?: string;
                                    record_count?: number;
                                    file_count?: number;
                                    notes?: string;
                                    manifest_checksum_sha256?: string;
                                    journal?: {
                                        entries: number;
                                        lines: number;
                                        currencies: {
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        accounts: {
                                            account: string;
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        unbalanced_entries: number;
                                    };
                                };
                                failure_reason?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                                /** Format: date-time */
                                completed_at?: string;
                                /** Format: date-time */
                                failed_at?: string;
                                batch_id: string;
                                /** @enum {string} */
                                batch_kind: "initial" | "repair";
                                repair_of_batch_id?: string;
                                repaired_by_batch_id?: string;
                                sequence?: number;
                                /** @enum {string} */
                                status: "pending" | "running" | "ready" | "sent" | "failed";
                                reported_evidence?: {
                                    manifest_ref?: string;
                                    file_refs?: string[];
                                    checksum_sha256?: string;
                                    record_count?: number;
                                    file_count?: number;
                                    notes?: string;
                                    manifest_checksum_sha256?: string;
                                    journal?: {
                                        entries: number;
                                        lines: number;
                                        currencies: {
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        accounts: {
                                            account: string;
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        unbalanced_entries: number;
                                    };
                                };
                                status_reason?: string;
                                file_count: number;
                                /** Format: date-time */
                                sent_at?: string;
                            }[];
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "export.batch.repair": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "export_id": "exp_01JEXAMPLE0000000000000000",
                 *       "repair_of_batch_id": "bat_01JEXAMPLE0000000000000000_0001",
                 *       "evidence": {
                 *         "notes": "ERP import rejected line 812: unknown cost centre"
                 *       },
                 *       "reason": "Rebuild the batch the ERP rejected",
                 *       "source_refs": [
                 *         {
                 *           "kind": "erp_ticket",
                 *           "id": "ERP-4411"
                 *         }
                 *       ],
                 *       "idempotency_key": "repair-ERP-4411",
                 *       "request_context": {
                 *         "orgcode": "ACME",
                 *         "actor": "finance-bot",
                 *         "context_source": "api_key"
                 *       }
                 *     }
                 */
                "application/json": {
                    export_id: string;
                    schedule_id?: string;
                    repair_of_batch_id: string;
                    evidence?: {
                        manifest_ref?: string;
                        file_refs?: string[];
                        checksum_sha256?: string;
                        record_count?: number;
                        file_count?: number;
                        notes?: string;
                    };
                    policy_refs?: {
                        tax_policy_version?: string;
                        export_policy_version?: string;
                        storage_policy_version?: string;
                    } & {
                        [key: string]: string;
                    };
                    reason: string;
                    source_refs: {
                        kind: string;
                        id: string;
                    }[];
                    idempotency_key?: string;
                    request_context: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "batch": {
                     *           "export_id": "exp_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "format": "jsonl",
                     *           "export_kind": "financial_events",
                     *           "from_utc": "2026-11-19T00:00:00Z",
                     *           "to_utc": "2026-11-20T00:00:00Z",
                     *           "recorded_before": "2026-11-20T10:15:02.417Z",
                     *           "source_refs": [
                     *             {
                     *               "kind": "erp_ticket",
                     *               "id": "ERP-4411"
                     *             }
                     *           ],
                     *           "reason": "Rebuild the batch the ERP rejected",
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "finance-bot",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "acct_export_admin"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "evidence": {
                     *             "notes": "ERP import rejected line 812: unknown cost centre"
                     *           },
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z",
                     *           "batch_id": "bat_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *           "batch_kind": "initial",
                     *           "repair_of_batch_id": "bat_01JEXAMPLE0000000000000000_0001",
                     *           "status": "pending",
                     *           "file_count": 1
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "export.batch.repair",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "finance-bot",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_export_admin"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            batch: {
                                export_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                format: "jsonl" | "csv" | "netsuite_csv";
                                /** @enum {string} */
                                export_kind: "financial_events" | "tax_audit" | "gl_journal";
                                tax_filters?: {
                                    jurisdiction_codes?: string[];
                                    tax_policy_versions?: string[];
                                    /** @enum {string} */
                                    tax_basis?: "included" | "added";
                                    /** @enum {string} */
                                    tax_liability_trigger?: "order" | "invoice" | "shipment";
                                    require_tax_amount?: boolean;
                                };
                                /** Format: date-time */
                                from_utc: string;
                                /** Format: date-time */
                                to_utc: string;
                                event_types?: string[];
                                schedule_id?: string;
                                destination_ref?: string;
                                policy_versions?: {
                                    export_policy_version?: string;
                                };
                                /** Format: date-time */
                                recorded_before: string;
                                mapping_revision?: number;
                                max_lines_per_file?: number;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                reason: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                evidence?: {
                                    manifest_ref?: string;
                                    file_refs?: string[];
                                    checksum_sha256?: string;
                                    record_count?: number;
                                    file_count?: number;
                                    notes?: string;
                                    manifest_checksum_sha256?: string;
                                    journal?: {
                                        entries: number;
                                        lines: number;
                                        currencies: {
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        accounts: {
                                            account: string;
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        unbalanced_entries: number;
                                    };
                                };
                                failure_reason?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                                /** Format: date-time */
                                completed_at?: string;
                                /** Format: date-time */
                                failed_at?: string;
                                batch_id: string;
                                /** @enum {string} */
                                batch_kind: "initial" | "repair";
                                repair_of_batch_id?: string;
                                repaired_by_batch_id?: string;
                                sequence?: number;
                                /** @enum {string} */
                                status: "pending" | "running" | "ready" | "sent" | "failed";
                                reported_evidence?: {
                                    manifest_ref?: string;
                                    file_refs?: string[];
                                    checksum_sha256?: string;
                                    record_count?: number;
                                    file_count?: number;
                                    notes?: string;
                                    manifest_checksum_sha256?: string;
                                    journal?: {
                                        entries: number;
                                        lines: number;
                                        currencies: {
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        accounts: {
                                            account: string;
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        unbalanced_entries: number;
                                    };
                                };
                                status_reason?: string;
                                file_count: number;
                                /** Format: date-time */
                                sent_at?: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "export.batch.status.set": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "batch_id": "bat_01JEXAMPLE0000000000000000_0001",
                 *       "status": "sent",
                 *       "expected_revision": 1,
                 *       "evidence": {
                 *         "notes": "Accepted by the ERP as import 2026-11-0042"
                 *       },
                 *       "reason": "Delivered to the ERP",
                 *       "source_refs": [
                 *         {
                 *           "kind": "erp_import",
                 *           "id": "2026-11-0042"
                 *         }
                 *       ],
                 *       "request_context": {
                 *         "orgcode": "ACME",
                 *         "actor": "erp-connector",
                 *         "context_source": "api_key"
                 *       }
                 *     }
                 */
                "application/json": {
                    batch_id: string;
                    /** @enum {string} */
                    status: "ready" | "sent" | "failed";
                    expected_revision?: number;
                    evidence?: {
                        manifest_ref?: string;
                        file_refs?: string[];
                        checksum_sha256?: string;
                        record_count?: number;
                        file_count?: number;
                        notes?: string;
                    };
                    reason: string;
                    source_refs: {
                        kind: string;
                        id: string;
                    }[];
                    request_context: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "batch": {
                     *           "export_id": "exp_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *           "orgcode": "ACME",
                     *           "format": "jsonl",
                     *           "export_kind": "financial_events",
                     *           "from_utc": "2026-11-19T00:00:00Z",
                     *           "to_utc": "2026-11-20T00:00:00Z",
                     *           "recorded_before": "2026-11-20T10:15:02.417Z",
                     *           "source_refs": [
                     *             {
                     *               "kind": "erp_import",
                     *               "id": "2026-11-0042"
                     *             }
                     *           ],
                     *           "reason": "Delivered to the ERP",
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "erp-connector",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "acct_export_admin"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "evidence": {
                     *             "notes": "Accepted by the ERP as import 2026-11-0042"
                     *           },
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z",
                     *           "batch_id": "bat_01JEXAMPLE0000000000000000_0001",
                     *           "batch_kind": "initial",
                     *           "status": "sent",
                     *           "file_count": 1
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "export.batch.status.set",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "erp-connector",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_export_admin"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            batch: {
                                export_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                format: "jsonl" | "csv" | "netsuite_csv";
                                /** @enum {string} */
                                export_kind: "financial_events" | "tax_audit" | "gl_journal";
                                tax_filters?: {
                                    jurisdiction_codes?: string[];
                                    tax_policy_versions?: string[];
                                    /** @enum {string} */
                                    tax_basis?: "included" | "added";
                                    /** @enum {string} */
                                    tax_liability_trigger?: "order" | "invoice" | "shipment";
                                    require_tax_amount?: boolean;
                                };
                                /** Format: date-time */
                                from_utc: string;
                                /** Format: date-time */
                                to_utc: string;
                                event_types?: string[];
                                schedule_id?: string;
                                destination_ref?: string;
                                policy_versions?: {
                                    export_policy_version?: string;
                                };
                                /** Format: date-time */
                                recorded_before: string;
                                mapping_revision?: number;
                                max_lines_per_file?: number;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                reason: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                evidence?: {
                                    manifest_ref?: string;
                                    file_refs?: string[];
                                    checksum_sha256?: string;
                                    record_count?: number;
                                    file_count?: number;
                                    notes?: string;
                                    manifest_checksum_sha256?: string;
                                    journal?: {
                                        entries: number;
                                        lines: number;
                                        currencies: {
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        accounts: {
                                            account: string;
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        unbalanced_entries: number;
                                    };
                                };
                                failure_reason?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                                /** Format: date-time */
                                completed_at?: string;
                                /** Format: date-time */
                                failed_at?: string;
                                batch_id: string;
                                /** @enum {string} */
                                batch_kind: "initial" | "repair";
                                repair_of_batch_id?: string;
                                repaired_by_batch_id?: string;
                                sequence?: number;
                                /** @enum {string} */
                                status: "pending" | "running" | "ready" | "sent" | "failed";
                                reported_evidence?: {
                                    manifest_ref?: string;
                                    file_refs?: string[];
                                    checksum_sha256?: string;
                                    record_count?: number;
                                    file_count?: number;
                                    notes?: string;
                                    manifest_checksum_sha256?: string;
                                    journal?: {
                                        entries: number;
                                        lines: number;
                                        currencies: {
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        accounts: {
                                            account: string;
                                            currency: string;
                                            debit_total: number;
                                            credit_total: number;
                                        }[];
                                        unbalanced_entries: number;
                                    };
                                };
                                status_reason?: string;
                                file_count: number;
                                /** Format: date-time */
                                sent_at?: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            428: components["responses"]["Error428"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "export.schedule.create": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "cadence": {
                 *         "type": "cron",
                 *         "cron": "0 2 * * *",
                 *         "timezone": "Europe/Berlin"
                 *       },
                 *       "window": {
                 *         "from_offset_minutes": -1440,
                 *         "to_offset_minutes": 0
                 *       },
                 *       "format": "csv",
                 *       "event_types": [
                 *         "order.placed",
                 *         "tender.captured"
                 *       ],
                 *       "destination_ref": "erp://sap/prod/ledger-inbox",
                 *       "reason": "Nightly ledger export for the ERP",
                 *       "source_refs": [
                 *         {
                 *           "kind": "erp_contract",
                 *           "id": "SAP-2026"
                 *         }
                 *       ],
                 *       "request_context": {
                 *         "orgcode": "ACME",
                 *         "actor": "finance-admin",
                 *         "context_source": "session"
                 *       }
                 *     }
                 */
                "application/json": {
                    schedule_id?: string;
                    /**
                     * @default active
                     * @enum {string}
                     */
                    status?: "active" | "suspended";
                    cadence: {
                        /** @enum {string} */
                        type: "interval" | "cron";
                        timezone: string;
                        interval_minutes?: number;
                        cron?: string;
                    };
                    window?: {
                        from_offset_minutes: number;
                        to_offset_minutes: number;
                    };
                    /**
                     * @default jsonl
                     * @enum {string}
                     */
                    format?: "jsonl" | "csv" | "netsuite_csv";
                    /**
                     * @default financial_events
                     * @enum {string}
                     */
                    export_kind?: "financial_events" | "gl_journal";
                    max_lines_per_file?: number;
                    event_types?: string[];
                    destination_ref?: string;
                    policy_refs?: {
                        tax_policy_version?: string;
                        export_policy_version?: string;
                        storage_policy_version?: string;
                    } & {
                        [key: string]: string;
                    };
                    source_refs: {
                        kind: string;
                        id: string;
                    }[];
                    /** Format: date-time */
                    next_run_at?: string;
                    idempotency_key?: string;
                    reason: string;
                    request_context: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "schedule": {
                     *           "schedule_id": "sch_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *           "orgcode": "ACME",
                     *           "status": "active",
                     *           "cadence": {
                     *             "type": "cron",
                     *             "timezone": "Europe/Berlin",
                     *             "cron": "0 2 * * *"
                     *           },
                     *           "window": {
                     *             "from_offset_minutes": -1440,
                     *             "to_offset_minutes": 0
                     *           },
                     *           "format": "csv",
                     *           "event_types": [
                     *             "order.placed",
                     *             "tender.captured"
                     *           ],
                     *           "destination_ref": "erp://sap/prod/ledger-inbox",
                     *           "source_refs": [
                     *             {
                     *               "kind": "erp_contract",
                     *               "id": "SAP-2026"
                     *             }
                     *           ],
                     *           "reason": "Nightly ledger export for the ERP",
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "finance-admin",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "acct_export_admin"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "next_run_at": "2026-11-20T10:15:02.417Z",
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "export.schedule.create",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "finance-admin",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_export_admin"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            schedule: {
                                schedule_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                status: "active" | "suspended";
                                cadence: {
                                    /** @enum {string} */
                                    type: "interval" | "cron";
                                    timezone: string;
                                    interval_minutes?: number;
                                    cron?: string;
                                };
                                window?: {
                                    from_offset_minutes: number;
                                    to_offset_minutes: number;
                                };
                                /** @enum {string} */
                                format: "jsonl" | "csv" | "netsuite_csv";
                                /** @enum {string} */
                                export_kind?: "financial_events" | "gl_journal";
                                max_lines_per_file?: number;
                                event_types?: string[];
                                destination_ref?: string;
                                policy_versions?: {
                                    export_policy_version?: string;
                                };
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                reason: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                next_run_at: string;
                                /** Format: date-time */
                                last_run_at?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "export.schedule.get": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "schedule_id": "sch_01JEXAMPLE0000000000000000"
                 *     }
                 */
                "application/json": {
                    schedule_id: string;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "schedule": {
                     *           "schedule_id": "sch_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "status": "active",
                     *           "cadence": {
                     *             "type": "cron",
                     *             "timezone": "Europe/Berlin",
                     *             "cron": "0 2 * * *"
                     *           },
                     *           "format": "jsonl",
                     *           "source_refs": [
                     *             {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             }
                     *           ],
                     *           "reason": "reason",
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "acct_view"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "next_run_at": "2026-11-20T10:15:02.417Z",
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "export.schedule.get",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            schedule: {
                                schedule_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                status: "active" | "suspended";
                                cadence: {
                                    /** @enum {string} */
                                    type: "interval" | "cron";
                                    timezone: string;
                                    interval_minutes?: number;
                                    cron?: string;
                                };
                                window?: {
                                    from_offset_minutes: number;
                                    to_offset_minutes: number;
                                };
                                /** @enum {string} */
                                format: "jsonl" | "csv" | "netsuite_csv";
                                /** @enum {string} */
                                export_kind?: "financial_events" | "gl_journal";
                                max_lines_per_file?: number;
                                event_types?: string[];
                                destination_ref?: string;
                                policy_versions?: {
                                    export_policy_version?: string;
                                };
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                reason: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                next_run_at: string;
                                /** Format: date-time */
                                last_run_at?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "export.schedule.list": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "status": "active"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    status?: "active" | "suspended";
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "schedules": [
                     *           {
                     *             "schedule_id": "sch_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "orgcode": "ACME",
                     *             "status": "active",
                     *             "cadence": {
                     *               "type": "cron",
                     *               "timezone": "Europe/Berlin",
                     *               "cron": "0 2 * * *"
                     *             },
                     *             "format": "jsonl",
                     *             "source_refs": [
                     *               {
                     *                 "kind": "order",
                     *                 "id": "ord_1001"
                     *               }
                     *             ],
                     *             "reason": "reason",
                     *             "request_context": {
                     *               "orgcode": "ACME",
                     *               "actor": "checkout-service",
                     *               "context_source": "api_key",
                     *               "roles": [
                     *                 "acct_view"
                     *               ],
                     *               "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *             },
                     *             "next_run_at": "2026-11-20T10:15:02.417Z",
                     *             "revision": 1,
                     *             "created_at": "2026-11-20T10:15:02.417Z",
                     *             "updated_at": "2026-11-20T10:15:02.417Z"
                     *           }
                     *         ],
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "export.schedule.list",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            schedules: {
                                schedule_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                status: "active" | "suspended";
                                cadence: {
                                    /** @enum {string} */
                                    type: "interval" | "cron";
                                    timezone: string;
                                    interval_minutes?: number;
                                    cron?: string;
                                };
                                window?: {
                                    from_offset_minutes: number;
                                    to_offset_minutes: number;
                                };
                                /** @enum {string} */
                                format: "jsonl" | "csv" | "netsuite_csv";
                                /** @enum {string} */
                                export_kind?: "financial_events" | "gl_journal";
                                max_lines_per_file?: number;
                                event_types?: string[];
                                destination_ref?: string;
                                policy_versions?: {
                                    export_policy_version?: string;
                                };
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                reason: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                next_run_at: string;
                                /** Format: date-time */
                                last_run_at?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "export.schedule.status.set": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "schedule_id": "sch_01JEXAMPLE0000000000000000",
                 *       "status": "suspended",
                 *       "expected_revision": 1,
                 *       "reason": "ERP maintenance window",
                 *       "source_refs": [
                 *         {
                 *           "kind": "change_request",
                 *           "id": "CR-2211"
                 *         }
                 *       ],
                 *       "request_context": {
                 *         "orgcode": "ACME",
                 *         "actor": "finance-admin",
                 *         "context_source": "session"
                 *       }
                 *     }
                 */
                "application/json": {
                    schedule_id: string;
                    /** @enum {string} */
                    status: "active" | "suspended";
                    expected_revision?: number;
                    reason: string;
                    source_refs: {
                        kind: string;
                        id: string;
                    }[];
                    request_context: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "schedule": {
                     *           "schedule_id": "sch_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "status": "suspended",
                     *           "cadence": {
                     *             "type": "cron",
                     *             "timezone": "Europe/Berlin",
                     *             "cron": "0 2 * * *"
                     *           },
                     *           "format": "jsonl",
                     *           "source_refs": [
                     *             {
                     *               "kind": "change_request",
                     *               "id": "CR-2211"
                     *             }
                     *           ],
                     *           "reason": "ERP maintenance window",
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "finance-admin",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "acct_export_admin"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "next_run_at": "2026-11-20T10:15:02.417Z",
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "export.schedule.status.set",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "finance-admin",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_export_admin"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            schedule: {
                                schedule_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                status: "active" | "suspended";
                                cadence: {
                                    /** @enum {string} */
                                    type: "interval" | "cron";
                                    timezone: string;
                                    interval_minutes?: number;
                                    cron?: string;
                                };
                                window?: {
                                    from_offset_minutes: number;
                                    to_offset_minutes: number;
                                };
                                /** @enum {string} */
                                format: "jsonl" | "csv" | "netsuite_csv";
                                /** @enum {string} */
                                export_kind?: "financial_events" | "gl_journal";
                                max_lines_per_file?: number;
                                event_types?: string[];
                                destination_ref?: string;
                                policy_versions?: {
                                    export_policy_version?: string;
                                };
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                reason: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                next_run_at: string;
                                /** Format: date-time */
                                last_run_at?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            428: components["responses"]["Error428"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "export.files": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "export_id": "exp_01JEXAMPLE0000000000000000"
                 *     }
                 */
                "application/json": {
                    export_id?: string;
                    batch_id?: string;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "export_id": "exp_01JEXAMPLE0000000000000000",
                     *         "files": [
                     *           {
                     *             "file_ref": "file ref",
                     *             "url": "url",
                     *             "expires_at": "2026-11-20T10:15:02.417Z",
                     *             "bytes": 1,
                     *             "checksum_sha256": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           }
                     *         ],
                     *         "manifest": {
                     *           "file_ref": "file ref",
                     *           "url": "url",
                     *           "expires_at": "2026-11-20T10:15:02.417Z",
                     *           "bytes": 1,
                     *           "checksum_sha256": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "export.files",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            export_id: string;
                            batch_id?: string;
                            files: {
                                file_ref: string;
                                url: string;
                                /** Format: date-time */
                                expires_at: string;
                                bytes: number;
                                checksum_sha256: string;
                            }[];
                            manifest: {
                                file_ref: string;
                                url: string;
                                /** Format: date-time */
                                expires_at: string;
                                bytes: number;
                                checksum_sha256: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "invoice.set": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "order_id": "ord_1001",
                 *       "customer_id": "cust_acme",
                 *       "currency": "USD",
                 *       "lines": [
                 *         {
                 *           "sku": "SKU-CHAIR",
                 *           "description": "Office chair",
                 *           "quantity": 4,
                 *           "unit_amount": 125,
                 *           "tax_amount": 41.25
                 *         },
                 *         {
                 *           "sku": "SKU-DESK",
                 *           "description": "Standing desk",
                 *           "quantity": 1,
                 *           "unit_amount": 480.5,
                 *           "tax_amount": 39.64
                 *         }
                 *       ],
                 *       "payment_terms": {
                 *         "type": "net",
                 *         "net_days": 30
                 *       },
                 *       "issued_at": "2026-11-20T10:15:00Z",
                 *       "source_refs": [
                 *         {
                 *           "kind": "quote",
                 *           "id": "q_2026_118"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    invoice_id?: string;
                    order_id: string;
                    customer_id: string;
                    currency: string;
                    lines: {
                        sku?: string;
                        description?: string;
                        quantity: number;
                        unit_amount: number | {
                            currency: string;
                            amount: number;
                        };
                        tax_amount?: number | {
                            currency: string;
                            amount: number;
                        };
                    }[];
                    subtotal?: number | {
                        currency: string;
                        amount: number;
                    };
                    tax_total?: number | {
                        currency: string;
                        amount: number;
                    };
                    total?: number | {
                        currency: string;
                        amount: number;
                    };
                    payment_terms: {
                        /** @constant */
                        type: "net";
                        net_days: number;
                    } | {
                        /** @constant */
                        type: "due_on_receipt";
                    };
                    channel_code?: string;
                    logical_guid?: string;
                    cccode?: string;
                    /** Format: date-time */
                    issued_at?: string;
                    /**
                     * @default open
                     * @enum {string}
                     */
                    status?: "draft" | "open";
                    expected_revision?: number;
                    memo?: string;
                    reason?: string;
                    /** @default [] */
                    source_refs?: {
                        kind: string;
                        id: string;
                    }[];
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "invoice": {
                     *           "invoice_id": "inv_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *           "orgcode": "ACME",
                     *           "order_id": "ord_1001",
                     *           "customer_id": "cust_acme",
                     *           "currency": "USD",
                     *           "lines": [
                     *             {
                     *               "sku": "SKU-CHAIR",
                     *               "description": "Office chair",
                     *               "quantity": 4,
                     *               "unit_amount": 125,
                     *               "tax_amount": 41.25,
                     *               "line_amount": 107.5
                     *             },
                     *             {
                     *               "sku": "SKU-DESK",
                     *               "description": "Standing desk",
                     *               "quantity": 1,
                     *               "unit_amount": 480.5,
                     *               "tax_amount": 39.64,
                     *               "line_amount": 107.5
                     *             }
                     *           ],
                     *           "subtotal": 107.5,
                     *           "tax_total": 107.5,
                     *           "total": 107.5,
                     *           "amount_paid": 107.5,
                     *           "balance_due": 107.5,
                     *           "payment_terms": {
                     *             "type": "net",
                     *             "net_days": 30
                     *           },
                     *           "issued_at": "2026-11-20T10:15:00Z",
                     *           "status": "draft",
                     *           "source_refs": [
                     *             {
                     *               "kind": "quote",
                     *               "id": "q_2026_118"
                     *             }
                     *           ],
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "ar_admin"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         },
                     *         "invoice_id": "inv_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *         "collapsed": false
                     *       },
                     *       "stats": {
                     *         "call": "invoice.set",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "ar_admin"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            invoice: {
                                invoice_id: string;
                                orgcode: string;
                                order_id: string;
                                customer_id: string;
                                currency: string;
                                lines: {
                                    sku?: string;
                                    description?: string;
                                    quantity: number;
                                    unit_amount: number;
                                    tax_amount: number;
                                    line_amount: number;
                                }[];
                                subtotal: number;
                                tax_total: number;
                                total: number;
                                amount_paid: number;
                                balance_due: number;
                                payment_terms: {
                                    /** @constant */
                                    type: "net";
                                    net_days: number;
                                } | {
                                    /** @constant */
                                    type: "due_on_receipt";
                                };
                                /** Format: date-time */
                                issued_at?: string;
                                /** Format: date-time */
                                due_at?: string;
                                /** @enum {string} */
                                status: "draft" | "open" | "partially_paid" | "paid" | "void" | "written_off";
                                status_reason?: string;
                                memo?: string;
                                channel_code?: string;
                                logical_guid?: string;
                                cccode?: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                            invoice_id: string;
                            collapsed: boolean;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            428: components["responses"]["Error428"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "invoice.get": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "invoice_id": "inv_01JEXAMPLE0000000000000000"
                 *     }
                 */
                "application/json": {
                    invoice_id: string;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "invoice": {
                     *           "invoice_id": "inv_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "order_id": "ord_1001",
                     *           "customer_id": "cust_1001",
                     *           "currency": "USD",
                     *           "lines": [
                     *             {
                     *               "quantity": 107.5,
                     *               "unit_amount": 107.5,
                     *               "tax_amount": 107.5,
                     *               "line_amount": 107.5
                     *             }
                     *           ],
                     *           "subtotal": 107.5,
                     *           "tax_total": 107.5,
                     *           "total": 107.5,
                     *           "amount_paid": 107.5,
                     *           "balance_due": 107.5,
                     *           "payment_terms": {
                     *             "type": "net",
                     *             "net_days": 1
                     *           },
                     *           "status": "draft",
                     *           "source_refs": [
                     *             {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             }
                     *           ],
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "acct_view"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "invoice.get",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            invoice: {
                                invoice_id: string;
                                orgcode: string;
                                order_id: string;
                                customer_id: string;
                                currency: string;
                                lines: {
                                    sku?: string;
                                    description?: string;
                                    quantity: number;
                                    unit_amount: number;
                                    tax_amount: number;
                                    line_amount: number;
                                }[];
                                subtotal: number;
                                tax_total: number;
                                total: number;
                                amount_paid: number;
                                balance_due: number;
                                payment_terms: {
                                    /** @constant */
                                    type: "net";
                                    net_days: number;
                                } | {
                                    /** @constant */
                                    type: "due_on_receipt";
                                };
                                /** Format: date-time */
                                issued_at?: string;
                                /** Format: date-time */
                                due_at?: string;
                                /** @enum {string} */
                                status: "draft" | "open" | "partially_paid" | "paid" | "void" | "written_off";
                                status_reason?: string;
                                memo?: string;
                                channel_code?: string;
                                logical_guid?: string;
                                cccode?: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "invoice.list": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "customer_id": "cust_acme",
                 *       "due_from_utc": "2026-11-01T00:00:00Z",
                 *       "due_to_utc": "2027-01-01T00:00:00Z"
                 *     }
                 */
                "application/json": {
                    customer_id?: string;
                    /** @enum {string} */
                    status?: "draft" | "open" | "partially_paid" | "paid" | "void" | "written_off";
                    /** Format: date-time */
                    due_from_utc?: string;
                    /** Format: date-time */
                    due_to_utc?: string;
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "invoices": [
                     *           {
                     *             "invoice_id": "inv_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "orgcode": "ACME",
                     *             "order_id": "ord_1001",
                     *             "customer_id": "cust_acme",
                     *             "currency": "USD",
                     *             "lines": [
                     *               {
                     *                 "quantity": 107.5,
                     *                 "unit_amount": 107.5,
                     *                 "tax_amount": 107.5,
                     *                 "line_amount": 107.5
                     *               }
                     *             ],
                     *             "subtotal": 107.5,
                     *             "tax_total": 107.5,
                     *             "total": 107.5,
                     *             "amount_paid": 107.5,
                     *             "balance_due": 107.5,
                     *             "payment_terms": {
                     *               "type": "net",
                     *               "net_days": 1
                     *             },
                     *             "status": "draft",
                     *             "source_refs": [
                     *               {
                     *                 "kind": "order",
                     *                 "id": "ord_1001"
                     *               }
                     *             ],
                     *             "request_context": {
                     *               "orgcode": "ACME",
                     *               "actor": "checkout-service",
                     *               "context_source": "api_key",
                     *               "roles": [
                     *                 "acct_view"
                     *               ],
                     *               "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *             },
                     *             "revision": 1,
                     *             "created_at": "2026-11-20T10:15:02.417Z",
                     *             "updated_at": "2026-11-20T10:15:02.417Z"
                     *           }
                     *         ],
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "invoice.list",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            invoices: {
                                invoice_id: string;
                                orgcode: string;
                                order_id: string;
                                customer_id: string;
                                currency: string;
                                lines: {
                                    sku?: string;
                                    description?: string;
                                    quantity: number;
                                    unit_amount: number;
                                    tax_amount: number;
                                    line_amount: number;
                                }[];
                                subtotal: number;
                                tax_total: number;
                                total: number;
                                amount_paid: number;
                                balance_due: number;
                                payment_terms: {
                                    /** @constant */
                                    type: "net";
                                    net_days: number;
                                } | {
                                    /** @constant */
                                    type: "due_on_receipt";
                                };
                                /** Format: date-time */
                                issued_at?: string;
                                /** Format: date-time */
                                due_at?: string;
                                /** @enum {string} */
                                status: "draft" | "open" | "partially_paid" | "paid" | "void" | "written_off";
                                status_reason?: string;
                                memo?: string;
                                channel_code?: string;
                                logical_guid?: string;
                                cccode?: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "invoice.status.set": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "invoice_id": "inv_01JEXAMPLE0000000000000000",
                 *       "status": "written_off",
                 *       "expected_revision": 3,
                 *       "reason": "Customer insolvent; approved by the credit committee"
                 *     }
                 */
                "application/json": {
                    invoice_id: string;
                    /** @enum {string} */
                    status: "open" | "void" | "written_off";
                    expected_revision?: number;
                    reason?: string;
                    /** @default [] */
                    source_refs?: {
                        kind: string;
                        id: string;
                    }[];
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "invoice": {
                     *           "invoice_id": "inv_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "order_id": "ord_1001",
                     *           "customer_id": "cust_1001",
                     *           "currency": "USD",
                     *           "lines": [
                     *             {
                     *               "quantity": 107.5,
                     *               "unit_amount": 107.5,
                     *               "tax_amount": 107.5,
                     *               "line_amount": 107.5
                     *             }
                     *           ],
                     *           "subtotal": 107.5,
                     *           "tax_total": 107.5,
                     *           "total": 107.5,
                     *           "amount_paid": 107.5,
                     *           "balance_due": 107.5,
                     *           "payment_terms": {
                     *             "type": "net",
                     *             "net_days": 1
                     *           },
                     *           "status": "written_off",
                     *           "source_refs": [
                     *             {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             }
                     *           ],
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "ar_admin"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "invoice.status.set",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "ar_admin"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            invoice: {
                                invoice_id: string;
                                orgcode: string;
                                order_id: string;
                                customer_id: string;
                                currency: string;
                                lines: {
                                    sku?: string;
                                    description?: string;
                                    quantity: number;
                                    unit_amount: number;
                                    tax_amount: number;
                                    line_amount: number;
                                }[];
                                subtotal: number;
                                tax_total: number;
                                total: number;
                                amount_paid: number;
                                balance_due: number;
                                payment_terms: {
                                    /** @constant */
                                    type: "net";
                                    net_days: number;
                                } | {
                                    /** @constant */
                                    type: "due_on_receipt";
                                };
                                /** Format: date-time */
                                issued_at?: string;
                                /** Format: date-time */
                                due_at?: string;
                                /** @enum {string} */
                                status: "draft" | "open" | "partially_paid" | "paid" | "void" | "written_off";
                                status_reason?: string;
                                memo?: string;
                                channel_code?: string;
                                logical_guid?: string;
                                cccode?: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            428: components["responses"]["Error428"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "invoice.payment.apply": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "invoice_id": "inv_01JEXAMPLE0000000000000000",
                 *       "expected_revision": 1,
                 *       "amount": {
                 *         "currency": "USD",
                 *         "amount": 250
                 *       },
                 *       "method": "bank_transfer",
                 *       "received_at": "2026-11-28T09:00:00Z",
                 *       "reference": "Wire 2026-11-28 #8841",
                 *       "idempotency_key": "wire-8841"
                 *     }
                 */
                "application/json": {
                    invoice_id: string;
                    expected_revision?: number;
                    payment_id?: string;
                    amount: number | {
                        currency: string;
                        amount: number;
                    };
                    currency?: string;
                    /** @enum {string} */
                    method: "card" | "cash" | "gift_card" | "store_credit" | "bank_transfer" | "other";
                    tender_id?: string;
                    /** Format: date-time */
                    received_at?: string;
                    reference?: string;
                    reason?: string;
                    /** @default [] */
                    source_refs?: {
                        kind: string;
                        id: string;
                    }[];
                    idempotency_key?: string;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "payment": {
                     *           "payment_id": "pay_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *           "orgcode": "ACME",
                     *           "invoice_id": "inv_01JEXAMPLE0000000000000000",
                     *           "order_id": "ord_1001",
                     *           "customer_id": "cust_1001",
                     *           "currency": "USD",
                     *           "amount": 107.5,
                     *           "applied_amount": 107.5,
                     *           "unapplied_amount": 107.5,
                     *           "method": "bank_transfer",
                     *           "reference": "Wire 2026-11-28 #8841",
                     *           "received_at": "2026-11-28T09:00:00Z",
                     *           "origin": "manual",
                     *           "invoice_revision": 1,
                     *           "source_refs": [
                     *             {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             }
                     *           ],
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "ar_admin"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "created_at": "2026-11-20T10:15:02.417Z"
                     *         },
                     *         "invoice": {
                     *           "invoice_id": "inv_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "order_id": "ord_1001",
                     *           "customer_id": "cust_1001",
                     *           "currency": "USD",
                     *           "lines": [
                     *             {
                     *               "quantity": 107.5,
                     *               "unit_amount": 107.5,
                     *               "tax_amount": 107.5,
                     *               "line_amount": 107.5
                     *             }
                     *           ],
                     *           "subtotal": 107.5,
                     *           "tax_total": 107.5,
                     *           "total": 107.5,
                     *           "amount_paid": 107.5,
                     *           "balance_due": 107.5,
                     *           "payment_terms": {
                     *             "type": "net",
                     *             "net_days": 1
                     *           },
                     *           "status": "draft",
                     *           "source_refs": [
                     *             {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             }
                     *           ],
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "ar_admin"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "invoice.payment.apply",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "ar_admin"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            payment: {
                                payment_id: string;
                                orgcode: string;
                                invoice_id: string;
                                order_id: string;
                                customer_id: string;
                                currency: string;
                                amount: number;
                                applied_amount: number;
                                unapplied_amount: number;
                                /** @enum {string} */
                                unapplied_reason?: "exceeds_balance" | "invoice_not_receivable" | "currency_mismatch";
                                /** @enum {string} */
                                method: "card" | "cash" | "gift_card" | "store_credit" | "bank_transfer" | "other";
                                tender_id?: string;
                                reference?: string;
                                /** Format: date-time */
                                received_at: string;
                                /** @enum {string} */
                                origin: "manual" | "tender";
                                invoice_revision: number;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                created_at: string;
                            };
                            invoice: {
                                invoice_id: string;
                                orgcode: string;
                                order_id: string;
                                customer_id: string;
                                currency: string;
                                lines: {
                                    sku?: string;
                                    description?: string;
                                    quantity: number;
                                    unit_amount: number;
                                    tax_amount: number;
                                    line_amount: number;
                                }[];
                                subtotal: number;
                                tax_total: number;
                                total: number;
                                amount_paid: number;
                                balance_due: number;
                                payment_terms: {
                                    /** @constant */
                                    type: "net";
                                    net_days: number;
                                } | {
                                    /** @constant */
                                    type: "due_on_receipt";
                                };
                                /** Format: date-time */
                                issued_at?: string;
                                /** Format: date-time */
                                due_at?: string;
                                /** @enum {string} */
                                status: "draft" | "open" | "partially_paid" | "paid" | "void" | "written_off";
                                status_reason?: string;
                                memo?: string;
                                channel_code?: string;
                                logical_guid?: string;
                                cccode?: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            422: components["responses"]["Error422"];
            428: components["responses"]["Error428"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "invoice.payment.list": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "customer_id": "cust_acme"
                 *     }
                 */
                "application/json": {
                    invoice_id?: string;
                    customer_id?: string;
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "payments": [
                     *           {
                     *             "payment_id": "pay_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "orgcode": "ACME",
                     *             "invoice_id": "inv_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "order_id": "ord_1001",
                     *             "customer_id": "cust_acme",
                     *             "currency": "USD",
                     *             "amount": 107.5,
                     *             "applied_amount": 107.5,
                     *             "unapplied_amount": 107.5,
                     *             "method": "card",
                     *             "received_at": "2026-11-20T10:15:02.417Z",
                     *             "origin": "manual",
                     *             "invoice_revision": 1,
                     *             "source_refs": [
                     *               {
                     *                 "kind": "order",
                     *                 "id": "ord_1001"
                     *               }
                     *             ],
                     *             "request_context": {
                     *               "orgcode": "ACME",
                     *               "actor": "checkout-service",
                     *               "context_source": "api_key",
                     *               "roles": [
                     *                 "acct_view"
                     *               ],
                     *               "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *             },
                     *             "created_at": "2026-11-20T10:15:02.417Z"
                     *           }
                     *         ],
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "invoice.payment.list",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            payments: {
                                payment_id: string;
                                orgcode: string;
                                invoice_id: string;
                                order_id: string;
                                customer_id: string;
                                currency: string;
                                amount: number;
                                applied_amount: number;
                                unapplied_amount: number;
                                /** @enum {string} */
                                unapplied_reason?: "exceeds_balance" | "invoice_not_receivable" | "currency_mismatch";
                                /** @enum {string} */
                                method: "card" | "cash" | "gift_card" | "store_credit" | "bank_transfer" | "other";
                                tender_id?: string;
                                reference?: string;
                                /** Format: date-time */
                                received_at: string;
                                /** @enum {string} */
                                origin: "manual" | "tender";
                                invoice_revision: number;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                created_at: string;
                            }[];
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "ar.aging.report": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "as_of": "2026-11-30",
                 *       "currency": "USD",
                 *       "limit": 50
                 *     }
                 */
                "application/json": {
                    as_of?: string;
                    customer_id?: string;
                    currency?: string;
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "report": {
                     *           "as_of": "2026-11-30",
                     *           "buckets": [
                     *             "current",
                     *             "1-30",
                     *             "31-60",
                     *             "61-90",
                     *             "91-120",
                     *             "120+"
                     *           ],
                     *           "customers": [
                     *             {
                     *               "customer_id": "cust_1001",
                     *               "currency": "USD",
                     *               "buckets": {
                     *                 "current": 107.5,
                     *                 "1-30": 107.5,
                     *                 "31-60": 107.5,
                     *                 "61-90": 107.5,
                     *                 "91-120": 107.5,
                     *                 "120+": 107.5
                     *               },
                     *               "total": 107.5,
                     *               "open_invoices": 1
                     *             }
                     *           ],
                     *           "totals": [
                     *             {
                     *               "currency": "USD",
                     *               "buckets": {
                     *                 "current": 107.5,
                     *                 "1-30": 107.5,
                     *                 "31-60": 107.5,
                     *                 "61-90": 107.5,
                     *                 "91-120": 107.5,
                     *                 "120+": 107.5
                     *               },
                     *               "total": 107.5,
                     *               "open_invoices": 1
                     *             }
                     *           ],
                     *           "complete": true
                     *         },
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "ar.aging.report",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            report: {
                                as_of: string;
                                buckets: ("current" | "1-30" | "31-60" | "61-90" | "91-120" | "120+")[];
                                customers: {
                                    customer_id: string;
                                    currency: string;
                                    buckets: {
                                        current: number;
                                        "1-30": number;
                                        "31-60": number;
                                        "61-90": number;
                                        "91-120": number;
                                        "120+": number;
                                    } & {
                                        [key: string]: number;
                                    };
                                    total: number;
                                    open_invoices: number;
                                }[];
                                totals: {
                                    currency: string;
                                    buckets: {
                                        current: number;
                                        "1-30": number;
                                        "31-60": number;
                                        "61-90": number;
                                        "91-120": number;
                                        "120+": number;
                                    } & {
                                        [key: string]: number;
                                    };
                                    total: number;
                                    open_invoices: number;
                                }[];
                                complete: boolean;
                            };
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "ar.balance": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "customer_id": "cust_acme"
                 *     }
                 */
                "application/json": {
                    customer_id?: string;
                    currency?: string;
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "balances": [
                     *           {
                     *             "customer_id": "cust_acme",
                     *             "currency": "USD",
                     *             "balance_due": 107.5,
                     *             "open_invoices": 1
                     *           }
                     *         ],
                     *         "totals": [
                     *           {
                     *             "currency": "USD",
                     *             "amount": 107.5
                     *           }
                     *         ],
                     *         "complete": true,
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "ar.balance",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            balances: {
                                customer_id: string;
                                currency: string;
                                balance_due: number;
                                open_invoices: number;
                            }[];
                            totals: {
                                currency: string;
                                amount: number;
                            }[];
                            complete: boolean;
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "ar.statement": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "customer_id": "cust_acme",
                 *       "from_utc": "2026-11-01T00:00:00Z",
                 *       "to_utc": "2026-12-01T00:00:00Z"
                 *     }
                 */
                "application/json": {
                    customer_id: string;
                    /** Format: date-time */
                    from_utc: string;
                    /** Format: date-time */
                    to_utc: string;
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "statement": {
                     *           "customer_id": "cust_acme",
                     *           "from_utc": "2026-11-01T00:00:00Z",
                     *           "to_utc": "2026-12-01T00:00:00Z",
                     *           "opening_balances": [
                     *             {
                     *               "currency": "USD",
                     *               "amount": 107.5
                     *             }
                     *           ],
                     *           "lines": [
                     *             {
                     *               "entry_id": "are_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *               "kind": "invoice",
                     *               "at": "2026-11-20T10:15:02.417Z",
                     *               "currency": "USD",
                     *               "amount": 107.5,
                     *               "invoice_id": "inv_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *               "order_id": "ord_1001",
                     *               "description": "description",
                     *               "running_balance": 107.5
                     *             }
                     *           ],
                     *           "closing_balances": [
                     *             {
                     *               "currency": "USD",
                     *               "amount": 107.5
                     *             }
                     *           ]
                     *         },
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "ar.statement",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            statement: {
                                customer_id: string;
                                /** Format: date-time */
                                from_utc: string;
                                /** Format: date-time */
                                to_utc: string;
                                opening_balances: {
                                    currency: string;
                                    amount: number;
                                }[];
                                lines: {
                                    entry_id: string;
                                    /** @enum {string} */
                                    kind: "invoice" | "payment" | "void" | "write_off" | "reopen";
                                    /** Format: date-time */
                                    at: string;
                                    currency: string;
                                    amount: number;
                                    invoice_id: string;
                                    order_id: string;
                                    payment_id?: string;
                                    description: string;
                                    running_balance: number;
                                }[];
                                closing_balances: {
                                    currency: string;
                                    amount: number;
                                }[] | null;
                            };
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "commission.get": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "commission_id": "com_01JEXAMPLE0000000000000000"
                 *     }
                 */
                "application/json": {
                    commission_id: string;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "commission": {
                     *           "commission_id": "com_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "order_id": "ord_1001",
                     *           "associate_id": "assoc_0042",
                     *           "placed_at": "2026-11-20T10:15:02.417Z",
                     *           "currency": "USD",
                     *           "sale_lines": [
                     *             {
                     *               "sku": "SKU-1001",
                     *               "amount": 107.5
                     *             }
                     *           ],
                     *           "splits": [
                     *             {
                     *               "associate_id": "assoc_0042",
                     *               "share_bps": 107.5,
                     *               "amount": 107.5
                     *             }
                     *           ],
                     *           "lines": [
                     *             {
                     *               "line_id": "cml_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *               "associate_id": "assoc_0042",
                     *               "kind": "commission",
                     *               "amount": 107.5,
                     *               "counts_at": "2026-11-20T10:15:02.417Z"
                     *             }
                     *           ],
                     *           "status": "unrated",
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "commission.get",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            commission: {
                                commission_id: string;
                                orgcode: string;
                                order_id: string;
                                associate_id: string;
                                /** Format: date-time */
                                placed_at: string;
                                channel_code?: string;
                                currency: string;
                                sale_lines: {
                                    sku: string;
                                    amount: number;
                                }[];
                                base_amount?: number;
                                rule_id?: string;
                                rate_bps?: number;
                                tiers?: {
                                    from_amount: number;
                                    rate_bps: number;
                                }[];
                                amount?: number;
                                splits: {
                                    associate_id: string;
                                    share_bps: number;
                                    amount: number;
                                }[];
                                lines: {
                                    line_id: string;
                                    associate_id: string;
                                    /** @enum {string} */
                                    kind: "commission" | "bonus" | "chargeback" | "correction";
                                    amount: number;
                                    /** Format: date-time */
                                    counts_at: string;
                                }[];
                                /** @enum {string} */
                                status: "unrated" | "accrued" | "voided" | "paid";
                                /** @enum {string} */
                                unrated_reason?: "no_rule_in_force";
                                /** Format: date-time */
                                voided_at?: string;
                                void_reason?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "commission.list": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "associate_id": "assoc_jane",
                 *       "status": "accrued"
                 *     }
                 */
                "application/json": {
                    associate_id?: string;
                    order_id?: string;
                    /** @enum {string} */
                    status?: "unrated" | "accrued" | "voided" | "paid";
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "commissions": [
                     *           {
                     *             "commission_id": "com_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "orgcode": "ACME",
                     *             "order_id": "ord_1001",
                     *             "associate_id": "assoc_jane",
                     *             "placed_at": "2026-11-20T10:15:02.417Z",
                     *             "currency": "USD",
                     *             "sale_lines": [
                     *               {
                     *                 "sku": "SKU-1001",
                     *                 "amount": 107.5
                     *               }
                     *             ],
                     *             "splits": [
                     *               {
                     *                 "associate_id": "assoc_jane",
                     *                 "share_bps": 107.5,
                     *                 "amount": 107.5
                     *               }
                     *             ],
                     *             "lines": [
                     *               {
                     *                 "line_id": "cml_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *                 "associate_id": "assoc_jane",
                     *                 "kind": "commission",
                     *                 "amount": 107.5,
                     *                 "counts_at": "2026-11-20T10:15:02.417Z"
                     *               }
                     *             ],
                     *             "status": "accrued",
                     *             "revision": 1,
                     *             "created_at": "2026-11-20T10:15:02.417Z",
                     *             "updated_at": "2026-11-20T10:15:02.417Z"
                     *           }
                     *         ],
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "commission.list",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            commissions: {
                                commission_id: string;
                                orgcode: string;
                                order_id: string;
                                associate_id: string;
                                /** Format: date-time */
                                placed_at: string;
                                channel_code?: string;
                                currency: string;
                                sale_lines: {
                                    sku: string;
                                    amount: number;
                                }[];
                                base_amount?: number;
                                rule_id?: string;
                                rate_bps?: number;
                                tiers?: {
                                    from_amount: number;
                                    rate_bps: number;
                                }[];
                                amount?: number;
                                splits: {
                                    associate_id: string;
                                    share_bps: number;
                                    amount: number;
                                }[];
                                lines: {
                                    line_id: string;
                                    associate_id: string;
                                    /** @enum {string} */
                                    kind: "commission" | "bonus" | "chargeback" | "correction";
                                    amount: number;
                                    /** Format: date-time */
                                    counts_at: string;
                                }[];
                                /** @enum {string} */
                                status: "unrated" | "accrued" | "voided" | "paid";
                                /** @enum {string} */
                                unrated_reason?: "no_rule_in_force";
                                /** Format: date-time */
                                voided_at?: string;
                                void_reason?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "commission.adjust": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "associate_id": "assoc_jane",
                 *       "kind": "bonus",
                 *       "amount": 50,
                 *       "currency": "USD",
                 *       "reason": "November floor-sales contest winner",
                 *       "idempotency_key": "bonus-2026-11-assoc_jane"
                 *     }
                 */
                "application/json": {
                    associate_id: string;
                    /** @enum {string} */
                    kind: "bonus" | "chargeback" | "correction";
                    amount: number;
                    currency: string;
                    reason: string;
                    commission_id?: string;
                    idempotency_key?: string;
                    /** @default [] */
                    source_refs?: {
                        kind: string;
                        id: string;
                    }[];
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "adjustment": {
                     *           "adjustment_id": "adj_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *           "orgcode": "ACME",
                     *           "associate_id": "assoc_jane",
                     *           "kind": "bonus",
                     *           "amount": 50,
                     *           "currency": "USD",
                     *           "reason": "November floor-sales contest winner",
                     *           "counts_at": "2026-11-20T10:15:02.417Z",
                     *           "status": "payable",
                     *           "source_refs": [
                     *             {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             }
                     *           ],
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "commission_admin"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "commission.adjust",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "commission_admin"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            adjustment: {
                                adjustment_id: string;
                                orgcode: string;
                                associate_id: string;
                                /** @enum {string} */
                                kind: "bonus" | "chargeback" | "correction";
                                amount: number;
                                currency: string;
                                reason: string;
                                commission_id?: string;
                                order_id?: string;
                                /** Format: date-time */
                                counts_at: string;
                                /** @enum {string} */
                                status: "payable" | "voided";
                                payout_id?: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "commission.split.set": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "commission_id": "com_01JEXAMPLE0000000000000000",
                 *       "expected_revision": 1,
                 *       "allocations": [
                 *         {
                 *           "associate_id": "assoc_jane",
                 *           "share_bps": 6000
                 *         },
                 *         {
                 *           "associate_id": "assoc_raj",
                 *           "share_bps": 4000
                 *         }
                 *       ],
                 *       "reason": "Sale shared with the floor lead"
                 *     }
                 */
                "application/json": {
                    commission_id: string;
                    expected_revision?: number;
                    allocations: {
                        associate_id: string;
                        share_bps: number;
                    }[];
                    reason?: string;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "commission": {
                     *           "commission_id": "com_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "order_id": "ord_1001",
                     *           "associate_id": "assoc_jane",
                     *           "placed_at": "2026-11-20T10:15:02.417Z",
                     *           "currency": "USD",
                     *           "sale_lines": [
                     *             {
                     *               "sku": "SKU-1001",
                     *               "amount": 107.5
                     *             }
                     *           ],
                     *           "splits": [
                     *             {
                     *               "associate_id": "assoc_jane",
                     *               "share_bps": 6000,
                     *               "amount": 107.5
                     *             }
                     *           ],
                     *           "lines": [
                     *             {
                     *               "line_id": "cml_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *               "associate_id": "assoc_jane",
                     *               "kind": "commission",
                     *               "amount": 107.5,
                     *               "counts_at": "2026-11-20T10:15:02.417Z"
                     *             }
                     *           ],
                     *           "status": "unrated",
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "commission.split.set",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "commission_admin"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            commission: {
                                commission_id: string;
                                orgcode: string;
                                order_id: string;
                                associate_id: string;
                                /** Format: date-time */
                                placed_at: string;
                                channel_code?: string;
                                currency: string;
                                sale_lines: {
                                    sku: string;
                                    amount: number;
                                }[];
                                base_amount?: number;
                                rule_id?: string;
                                rate_bps?: number;
                                tiers?: {
                                    from_amount: number;
                                    rate_bps: number;
                                }[];
                                amount?: number;
                                splits: {
                                    associate_id: string;
                                    share_bps: number;
                                    amount: number;
                                }[];
                                lines: {
                                    line_id: string;
                                    associate_id: string;
                                    /** @enum {string} */
                                    kind: "commission" | "bonus" | "chargeback" | "correction";
                                    amount: number;
                                    /** Format: date-time */
                                    counts_at: string;
                                }[];
                                /** @enum {string} */
                                status: "unrated" | "accrued" | "voided" | "paid";
                                /** @enum {string} */
                                unrated_reason?: "no_rule_in_force";
                                /** Format: date-time */
                                voided_at?: string;
                                void_reason?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            428: components["responses"]["Error428"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "commission.payout.create": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "associate_id": "assoc_jane",
                 *       "currency": "USD",
                 *       "from_utc": "2026-11-01T00:00:00Z",
                 *       "to_utc": "2026-12-01T00:00:00Z",
                 *       "idempotency_key": "payout-2026-11-assoc_jane-USD"
                 *     }
                 */
                "application/json": {
                    associate_id: string;
                    currency: string;
                    /** Format: date-time */
                    from_utc: string;
                    /** Format: date-time */
                    to_utc: string;
                    reason?: string;
                    idempotency_key?: string;
                    /** @default [] */
                    source_refs?: {
                        kind: string;
                        id: string;
                    }[];
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "payout": {
                     *           "payout_id": "cpo_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *           "orgcode": "ACME",
                     *           "associate_id": "assoc_jane",
                     *           "currency": "USD",
                     *           "from_utc": "2026-11-01T00:00:00Z",
                     *           "to_utc": "2026-12-01T00:00:00Z",
                     *           "status": "pending",
                     *           "amount": 107.5,
                     *           "line_count": 1,
                     *           "by_kind": {
                     *             "commission": 107.5,
                     *             "bonus": 107.5,
                     *             "chargeback": 107.5,
                     *             "correction": 107.5
                     *           },
                     *           "source_refs": [
                     *             {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             }
                     *           ],
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "commission_admin"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "commission.payout.create",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "commission_admin"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            payout: {
                                payout_id: string;
                                orgcode: string;
                                associate_id: string;
                                currency: string;
                                /** Format: date-time */
                                from_utc: string;
                                /** Format: date-time */
                                to_utc: string;
                                /** @enum {string} */
                                status: "pending" | "approved" | "paid" | "cancelled";
                                amount: number;
                                line_count: number;
                                by_kind: {
                                    commission: number;
                                    bonus: number;
                                    chargeback: number;
                                    correction: number;
                                };
                                reason?: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                approved_at?: string;
                                /** Format: date-time */
                                paid_at?: string;
                                /** Format: date-time */
                                cancelled_at?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "commission.payout.get": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "payout_id": "cpo_01JEXAMPLE0000000000000000"
                 *     }
                 */
                "application/json": {
                    payout_id: string;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "payout": {
                     *           "payout_id": "cpo_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "associate_id": "assoc_0042",
                     *           "currency": "USD",
                     *           "from_utc": "2026-11-19T00:00:00Z",
                     *           "to_utc": "2026-11-20T00:00:00Z",
                     *           "status": "pending",
                     *           "amount": 107.5,
                     *           "line_count": 1,
                     *           "by_kind": {
                     *             "commission": 107.5,
                     *             "bonus": 107.5,
                     *             "chargeback": 107.5,
                     *             "correction": 107.5
                     *           },
                     *           "source_refs": [
                     *             {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             }
                     *           ],
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "acct_view"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "commission.payout.get",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            payout: {
                                payout_id: string;
                                orgcode: string;
                                associate_id: string;
                                currency: string;
                                /** Format: date-time */
                                from_utc: string;
                                /** Format: date-time */
                                to_utc: string;
                                /** @enum {string} */
                                status: "pending" | "approved" | "paid" | "cancelled";
                                amount: number;
                                line_count: number;
                                by_kind: {
                                    commission: number;
                                    bonus: number;
                                    chargeback: number;
                                    correction: number;
                                };
                                reason?: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                approved_at?: string;
                                /** Format: date-time */
                                paid_at?: string;
                                /** Format: date-time */
                                cancelled_at?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "commission.payout.list": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "associate_id": "assoc_jane",
                 *       "status": "pending"
                 *     }
                 */
                "application/json": {
                    associate_id?: string;
                    /** @enum {string} */
                    status?: "pending" | "approved" | "paid" | "cancelled";
                    currency?: string;
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "payouts": [
                     *           {
                     *             "payout_id": "cpo_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "orgcode": "ACME",
                     *             "associate_id": "assoc_jane",
                     *             "currency": "USD",
                     *             "from_utc": "2026-11-19T00:00:00Z",
                     *             "to_utc": "2026-11-20T00:00:00Z",
                     *             "status": "pending",
                     *             "amount": 107.5,
                     *             "line_count": 1,
                     *             "by_kind": {
                     *               "commission": 107.5,
                     *               "bonus": 107.5,
                     *               "chargeback": 107.5,
                     *               "correction": 107.5
                     *             },
                     *             "source_refs": [
                     *               {
                     *                 "kind": "order",
                     *                 "id": "ord_1001"
                     *               }
                     *             ],
                     *             "request_context": {
                     *               "orgcode": "ACME",
                     *               "actor": "checkout-service",
                     *               "context_source": "api_key",
                     *               "roles": [
                     *                 "acct_view"
                     *               ],
                     *               "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *             },
                     *             "revision": 1,
                     *             "created_at": "2026-11-20T10:15:02.417Z",
                     *             "updated_at": "2026-11-20T10:15:02.417Z"
                     *           }
                     *         ],
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "commission.payout.list",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            payouts: {
                                payout_id: string;
                                orgcode: string;
                                associate_id: string;
                                currency: string;
                                /** Format: date-time */
                                from_utc: string;
                                /** Format: date-time */
                                to_utc: string;
                                /** @enum {string} */
                                status: "pending" | "approved" | "paid" | "cancelled";
                                amount: number;
                                line_count: number;
                                by_kind: {
                                    commission: number;
                                    bonus: number;
                                    chargeback: number;
                                    correction: number;
                                };
                                reason?: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                approved_at?: string;
                                /** Format: date-time */
                                paid_at?: string;
                                /** Format: date-time */
                                cancelled_at?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "commission.payout.status.set": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "payout_id": "cpo_01JEXAMPLE0000000000000000",
                 *       "status": "approved",
                 *       "expected_revision": 1
                 *     }
                 */
                "application/json": {
                    payout_id: string;
                    /** @enum {string} */
                    status: "approved" | "paid" | "cancelled";
                    expected_revision?: number;
                    reason?: string;
                    /** @default [] */
                    source_refs?: {
                        kind: string;
                        id: string;
                    }[];
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "payout": {
                     *           "payout_id": "cpo_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "associate_id": "assoc_0042",
                     *           "currency": "USD",
                     *           "from_utc": "2026-11-19T00:00:00Z",
                     *           "to_utc": "2026-11-20T00:00:00Z",
                     *           "status": "approved",
                     *           "amount": 107.5,
                     *           "line_count": 1,
                     *           "by_kind": {
                     *             "commission": 107.5,
                     *             "bonus": 107.5,
                     *             "chargeback": 107.5,
                     *             "correction": 107.5
                     *           },
                     *           "source_refs": [
                     *             {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             }
                     *           ],
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "commission_admin"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "commission.payout.status.set",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "commission_admin"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            payout: {
                                payout_id: string;
                                orgcode: string;
                                associate_id: string;
                                currency: string;
                                /** Format: date-time */
                                from_utc: string;
                                /** Format: date-time */
                                to_utc: string;
                                /** @enum {string} */
                                status: "pending" | "approved" | "paid" | "cancelled";
                                amount: number;
                                line_count: number;
                                by_kind: {
                                    commission: number;
                                    bonus: number;
                                    chargeback: number;
                                    correction: number;
                                };
                                reason?: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                approved_at?: string;
                                /** Format: date-time */
                                paid_at?: string;
                                /** Format: date-time */
                                cancelled_at?: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            428: components["responses"]["Error428"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "commission.statement": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "associate_id": "assoc_jane",
                 *       "from_utc": "2026-11-01T00:00:00Z",
                 *       "to_utc": "2026-12-01T00:00:00Z"
                 *     }
                 */
                "application/json": {
                    associate_id: string;
                    /** Format: date-time */
                    from_utc: string;
                    /** Format: date-time */
                    to_utc: string;
                    currency?: string;
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "statement": {
                     *           "associate_id": "assoc_jane",
                     *           "from_utc": "2026-11-01T00:00:00Z",
                     *           "to_utc": "2026-12-01T00:00:00Z",
                     *           "lines": [
                     *             {
                     *               "line_id": "cml_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *               "kind": "commission",
                     *               "amount": 107.5,
                     *               "currency": "USD",
                     *               "status": "payable",
                     *               "counts_at": "2026-11-20T10:15:02.417Z",
                     *               "settlement": "paid"
                     *             }
                     *           ],
                     *           "totals": [
                     *             {
                     *               "currency": "USD",
                     *               "accrued": 107.5,
                     *               "voided": 107.5,
                     *               "adjustments": 107.5,
                     *               "net": 107.5,
                     *               "paid": 107.5,
                     *               "in_payout": 107.5,
                     *               "payable": 107.5
                     *             }
                     *           ],
                     *           "partial": false
                     *         },
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "commission.statement",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            statement: {
                                associate_id: string;
                                /** Format: date-time */
                                from_utc: string;
                                /** Format: date-time */
                                to_utc: string;
                                lines: {
                                    line_id: string;
                                    /** @enum {string} */
                                    kind: "commission" | "bonus" | "chargeback" | "correction";
                                    amount: number;
                                    currency: string;
                                    /** @enum {string} */
                                    status: "payable" | "voided";
                                    /** Format: date-time */
                                    counts_at: string;
                                    commission_id?: string;
                                    order_id?: string;
                                    payout_id?: string;
                                    /** @enum {string} */
                                    payout_status?: "pending" | "approved" | "paid" | "cancelled";
                                    reverses_line_id?: string;
                                    reason?: string;
                                    /** @enum {string} */
                                    settlement: "paid" | "in_payout" | "payable" | "voided";
                                }[];
                                totals: {
                                    currency: string;
                                    accrued: number;
                                    voided: number;
                                    adjustments: number;
                                    net: number;
                                    paid: number;
                                    in_payout: number;
                                    payable: number;
                                }[];
                                partial: boolean;
                            };
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "storage.usage.record": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "usage": {
                 *         "resource_type": "object_store",
                 *         "resource_ref": "orgs/ACME/exports/",
                 *         "service": "accounting",
                 *         "bytes": 52428800,
                 *         "object_count": 120,
                 *         "window": {
                 *           "from_utc": "2026-11-20T00:00:00Z",
                 *           "to_utc": "2026-11-21T00:00:00Z"
                 *         },
                 *         "cccode": "ABCD-1234-EF56"
                 *       },
                 *       "reason": "Daily storage measurement",
                 *       "source_refs": [
                 *         {
                 *           "kind": "storage_meter",
                 *           "id": "meter-2026-11-20"
                 *         }
                 *       ],
                 *       "idempotency_key": "storage-exports-2026-11-20",
                 *       "request_context": {
                 *         "orgcode": "ACME",
                 *         "actor": "storage-meter",
                 *         "context_source": "api_key"
                 *       }
                 *     }
                 */
                "application/json": {
                    usage: {
                        usage_id?: string;
                        /** @enum {string} */
                        resource_type: "object_store" | "table_store";
                        resource_ref: string;
                        service: string;
                        bytes: number;
                        item_count?: number;
                        object_count?: number;
                        window?: {
                            /** Format: date-time */
                            from_utc: string;
                            /** Format: date-time */
                            to_utc: string;
                        };
                        /** Format: date-time */
                        measured_at?: string;
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                    };
                    policy_refs?: {
                        tax_policy_version?: string;
                        export_policy_version?: string;
                        storage_policy_version?: string;
                    } & {
                        [key: string]: string;
                    };
                    reason: string;
                    source_refs: {
                        kind: string;
                        id: string;
                    }[];
                    idempotency_key?: string;
                    request_context: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "usage": {
                     *           "usage_id": "stu_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *           "orgcode": "ACME",
                     *           "resource_type": "object_store",
                     *           "resource_ref": "orgs/ACME/exports/",
                     *           "service": "accounting",
                     *           "bytes": 52428800,
                     *           "object_count": 120,
                     *           "window": {
                     *             "from_utc": "2026-11-20T00:00:00Z",
                     *             "to_utc": "2026-11-21T00:00:00Z"
                     *           },
                     *           "cccode": "ABCD-1234-EF56",
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "storage-meter",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "acct_export_admin"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "reason": "Daily storage measurement",
                     *           "source_refs": [
                     *             {
                     *               "kind": "storage_meter",
                     *               "id": "meter-2026-11-20"
                     *             }
                     *           ],
                     *           "recorded_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "storage.usage.record",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "storage-meter",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_export_admin"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            usage: {
                                usage_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                resource_type: "object_store" | "table_store";
                                resource_ref: string;
                                service: string;
                                bytes: number;
                                item_count?: number;
                                object_count?: number;
                                window?: {
                                    /** Format: date-time */
                                    from_utc: string;
                                    /** Format: date-time */
                                    to_utc: string;
                                };
                                /** Format: date-time */
                                measured_at?: string;
                                logical_guid?: string;
                                channel_code?: string;
                                cccode?: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                policy_refs?: {
                                    tax_policy_version?: string;
                                    export_policy_version?: string;
                                    storage_policy_version?: string;
                                } & {
                                    [key: string]: string;
                                };
                                reason: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                /** Format: date-time */
                                recorded_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "storage.usage.get": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "usage_id": "stu_01JEXAMPLE0000000000000000"
                 *     }
                 */
                "application/json": {
                    usage_id: string;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "usage": {
                     *           "usage_id": "stu_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "resource_type": "object_store",
                     *           "resource_ref": "resource ref",
                     *           "service": "api",
                     *           "bytes": 4096,
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "acct_view"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "reason": "reason",
                     *           "source_refs": [
                     *             {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             }
                     *           ],
                     *           "recorded_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "storage.usage.get",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            usage: {
                                usage_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                resource_type: "object_store" | "table_store";
                                resource_ref: string;
                                service: string;
                                bytes: number;
                                item_count?: number;
                                object_count?: number;
                                window?: {
                                    /** Format: date-time */
                                    from_utc: string;
                                    /** Format: date-time */
                                    to_utc: string;
                                };
                                /** Format: date-time */
                                measured_at?: string;
                                logical_guid?: string;
                                channel_code?: string;
                                cccode?: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                policy_refs?: {
                                    tax_policy_version?: string;
                                    export_policy_version?: string;
                                    storage_policy_version?: string;
                                } & {
                                    [key: string]: string;
                                };
                                reason: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                /** Format: date-time */
                                recorded_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "storage.usage.list": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "service": "accounting",
                 *       "from_utc": "2026-11-01T00:00:00Z",
                 *       "to_utc": "2026-12-01T00:00:00Z",
                 *       "limit": 8
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    resource_type?: "object_store" | "table_store";
                    service?: string;
                    cccode?: string;
                    logical_guid?: string;
                    channel_code?: string;
                    /** Format: date-time */
                    from_utc?: string;
                    /** Format: date-time */
                    to_utc?: string;
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "usages": [
                     *           {
                     *             "usage_id": "stu_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "orgcode": "ACME",
                     *             "resource_type": "object_store",
                     *             "resource_ref": "resource ref",
                     *             "service": "accounting",
                     *             "bytes": 4096,
                     *             "request_context": {
                     *               "orgcode": "ACME",
                     *               "actor": "checkout-service",
                     *               "context_source": "api_key",
                     *               "roles": [
                     *                 "acct_view"
                     *               ],
                     *               "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *             },
                     *             "reason": "reason",
                     *             "source_refs": [
                     *               {
                     *                 "kind": "order",
                     *                 "id": "ord_1001"
                     *               }
                     *             ],
                     *             "recorded_at": "2026-11-20T10:15:02.417Z"
                     *           }
                     *         ],
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "storage.usage.list",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            usages: {
                                usage_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                resource_type: "object_store" | "table_store";
                                resource_ref: string;
                                service: string;
                                bytes: number;
                                item_count?: number;
                                object_count?: number;
                                window?: {
                                    /** Format: date-time */
                                    from_utc: string;
                                    /** Format: date-time */
                                    to_utc: string;
                                };
                                /** Format: date-time */
                                measured_at?: string;
                                logical_guid?: string;
                                channel_code?: string;
                                cccode?: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                policy_refs?: {
                                    tax_policy_version?: string;
                                    export_policy_version?: string;
                                    storage_policy_version?: string;
                                } & {
                                    [key: string]: string;
                                };
                                reason: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                /** Format: date-time */
                                recorded_at: string;
                            }[];
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "storage.usage.reconcile": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "from_utc": "2026-11-20T00:00:00Z",
                 *       "to_utc": "2026-11-21T00:00:00Z",
                 *       "limit": 50,
                 *       "reason": "Daily storage reconcile",
                 *       "source_refs": [
                 *         {
                 *           "kind": "storage_meter",
                 *           "id": "reconcile-2026-11-20"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** Format: date-time */
                    from_utc: string;
                    /** Format: date-time */
                    to_utc: string;
                    limit?: number;
                    dry_run?: boolean;
                    cursor?: {
                        source_index: number;
                        dt_index: number;
                        org_prefix_token: string;
                        pending_prefixes: string[];
                        current_prefix: string;
                        continuation_token: string;
                        partial_bytes: number;
                        partial_objects: number;
                        partial_record_by_cccode: {
                            [key: string]: {
                                bytes: number;
                                items: number;
                            };
                        };
                        progress: {
                            scanned_prefixes: number;
                            processed_prefixes: number;
                            usage_records: number;
                            object_bytes: number;
                            object_count: number;
                            noncurrent_bytes?: number;
                            errors: number;
                        };
                        seal: string;
                    } | null;
                    reason?: string;
                    source_refs?: {
                        kind: string;
                        id: string;
                    }[];
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "reconcile": {
                     *           "orgcode": "ACME",
                     *           "window": {
                     *             "from_utc": "2026-11-20T00:00:00Z",
                     *             "to_utc": "2026-11-21T00:00:00Z"
                     *           },
                     *           "scanned_prefixes": 1,
                     *           "processed_prefixes": 1,
                     *           "usage_records": 1,
                     *           "object_bytes": 4096,
                     *           "object_count": 1,
                     *           "noncurrent_bytes": 4096,
                     *           "record_bytes": 4096,
                     *           "record_items": 1,
                     *           "errors": 0,
                     *           "partial": false
                     *         },
                     *         "next_cursor": null
                     *       },
                     *       "stats": {
                     *         "call": "storage.usage.reconcile",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_export_admin"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            reconcile: {
                                orgcode: string;
                                window: {
                                    /** Format: date-time */
                                    from_utc: string;
                                    /** Format: date-time */
                                    to_utc: string;
                                };
                                scanned_prefixes: number;
                                processed_prefixes: number;
                                usage_records: number;
                                object_bytes: number;
                                object_count: number;
                                noncurrent_bytes: number;
                                record_bytes: number;
                                record_items: number;
                                errors: number;
                                partial: boolean;
                            };
                            next_cursor: {
                                source_index: number;
                                dt_index: number;
                                org_prefix_token: string;
                                pending_prefixes: string[];
                                current_prefix: string;
                                continuation_token: string;
                                partial_bytes: number;
                                partial_objects: number;
                                partial_record_by_cccode: {
                                    [key: string]: {
                                        bytes: number;
                                        items: number;
                                    };
                                };
                                progress: {
                                    scanned_prefixes: number;
                                    processed_prefixes: number;
                                    usage_records: number;
                                    object_bytes: number;
                                    object_count: number;
                                    noncurrent_bytes?: number;
                                    errors: number;
                                };
                                seal: string;
                            } | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "rollup.financial.get": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "dt": "2026-11-20",
                 *       "dimension": "sales",
                 *       "dimension_value": "web_store"
                 *     }
                 */
                "application/json": {
                    /** Format: date */
                    dt: string;
                    /** @enum {string} */
                    dimension: "sales" | "tender" | "tax" | "ar_aging";
                    dimension_value: string;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "rollup": {
                     *           "rollup_id": "rollup_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *           "orgcode": "ACME",
                     *           "dt": "2026-11-20",
                     *           "dimension": "sales",
                     *           "dimension_value": "web_store",
                     *           "window": {
                     *             "from_utc": "2026-11-19T00:00:00Z",
                     *             "to_utc": "2026-11-20T00:00:00Z"
                     *           },
                     *           "metrics": [
                     *             {
                     *               "currency": "USD",
                     *               "count": 1,
                     *               "amount": 107.5,
                     *               "tax_amount": 107.5
                     *             }
                     *           ],
                     *           "run_id": "run_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "rollup.financial.get",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            rollup: {
                                rollup_id: string;
                                orgcode: string;
                                dt: string;
                                /** @enum {string} */
                                dimension: "sales" | "tender" | "tax" | "ar_aging";
                                dimension_value: string;
                                window: {
                                    /** Format: date-time */
                                    from_utc: string;
                                    /** Format: date-time */
                                    to_utc: string;
                                };
                                metrics: {
                                    currency: string;
                                    count: number;
                                    amount: number;
                                    tax_amount: number;
                                }[];
                                run_id: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "rollup.financial.list": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "from_dt": "2026-11-01",
                 *       "to_dt": "2026-11-30",
                 *       "dimension": "sales",
                 *       "limit": 8
                 *     }
                 */
                "application/json": {
                    /** Format: date */
                    from_dt?: string;
                    /** Format: date */
                    to_dt?: string;
                    /** @enum {string} */
                    dimension?: "sales" | "tender" | "tax" | "ar_aging";
                    dimension_value?: string;
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "rollups": [
                     *           {
                     *             "rollup_id": "rollup_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "orgcode": "ACME",
                     *             "dt": "2026-11-19",
                     *             "dimension": "sales",
                     *             "dimension_value": "dimension value",
                     *             "window": {
                     *               "from_utc": "2026-11-19T00:00:00Z",
                     *               "to_utc": "2026-11-20T00:00:00Z"
                     *             },
                     *             "metrics": [
                     *               {
                     *                 "currency": "USD",
                     *                 "count": 1,
                     *                 "amount": 107.5,
                     *                 "tax_amount": 107.5
                     *               }
                     *             ],
                     *             "run_id": "run_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "revision": 1,
                     *             "created_at": "2026-11-20T10:15:02.417Z",
                     *             "updated_at": "2026-11-20T10:15:02.417Z"
                     *           }
                     *         ],
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "rollup.financial.list",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            rollups: {
                                rollup_id: string;
                                orgcode: string;
                                dt: string;
                                /** @enum {string} */
                                dimension: "sales" | "tender" | "tax" | "ar_aging";
                                dimension_value: string;
                                window: {
                                    /** Format: date-time */
                                    from_utc: string;
                                    /** Format: date-time */
                                    to_utc: string;
                                };
                                metrics: {
                                    currency: string;
                                    count: number;
                                    amount: number;
                                    tax_amount: number;
                                }[];
                                run_id: string;
                                revision: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "usage.rollup.get": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "dt": "2026-11-20",
                 *       "service": "accounting",
                 *       "cccode": "ABCD-1234-EF56"
                 *     }
                 */
                "application/json": {
                    /** Format: date */
                    dt: string;
                    service: string;
                    cccode?: string;
                    /** @enum {string} */
                    scope?: "org" | "cccode" | "unattributed";
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "rollup": {
                     *           "rollup_id": "rollup_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *           "orgcode": "ACME",
                     *           "dt": "2026-11-20",
                     *           "service": "accounting",
                     *           "scope": "org",
                     *           "cccode": "ABCD-1234-EF56",
                     *           "window": {
                     *             "from_utc": "2026-11-19T00:00:00Z",
                     *             "to_utc": "2026-11-20T00:00:00Z"
                     *           },
                     *           "usage": {
                     *             "totals": {
                     *               "records": 1,
                     *               "api_calls": 1,
                     *               "deliveries": 1,
                     *               "bandwidth_in_bytes": 4096,
                     *               "bandwidth_out_bytes": 4096,
                     *               "errors": 0
                     *             },
                     *             "surfaces": {}
                     *           },
                     *           "source_refs": [
                     *             {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             }
                     *           ],
                     *           "source_stats": {
                     *             "objects": 1,
                     *             "bytes": 1,
                     *             "records": 1
                     *           },
                     *           "run_id": "run_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *           "revision": 1,
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "usage.rollup.get",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            rollup: {
                                rollup_id: string;
                                orgcode: string;
                                dt: string;
                                service: string;
                                /** @enum {string} */
                                scope: "org" | "cccode" | "unattributed";
                                cccode?: string;
                                window: {
                                    /** Format: date-time */
                                    from_utc: string;
                                    /** Format: date-time */
                                    to_utc: string;
                                };
                                usage: {
                                    totals: {
                                        records: number;
                                        api_calls: number;
                                        deliveries: number;
                                        bandwidth_in_bytes: number;
                                        bandwidth_out_bytes: number;
                                        errors: number;
                                    };
                                    surfaces: {
                                        [key: string]: {
                                            records: number;
                                            api_calls: number;
                                            deliveries: number;
                                            bandwidth_in_bytes: number;
                                            bandwidth_out_bytes: number;
                                            errors: number;
                                        };
                                    };
                                };
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                source_stats: {
                                    objects: number;
                                    bytes: number;
                                    records: number;
                                };
                                run_id: string;
                                revision: number;
                                /** Format: date-time */
                                last_input_at?: string;
                                last_input_late_seconds?: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "usage.rollup.list": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "from_dt": "2026-11-01",
                 *       "to_dt": "2026-11-30",
                 *       "service": "accounting",
                 *       "scope": "org",
                 *       "limit": 8
                 *     }
                 */
                "application/json": {
                    /** Format: date */
                    from_dt?: string;
                    /** Format: date */
                    to_dt?: string;
                    service?: string;
                    cccode?: string;
                    /** @enum {string} */
                    scope?: "org" | "cccode" | "unattributed";
                    limit?: number;
                    next_token?: {
                        after: string;
                    } | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "rollups": [
                     *           {
                     *             "rollup_id": "rollup_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "orgcode": "ACME",
                     *             "dt": "2026-11-19",
                     *             "service": "accounting",
                     *             "scope": "org",
                     *             "window": {
                     *               "from_utc": "2026-11-19T00:00:00Z",
                     *               "to_utc": "2026-11-20T00:00:00Z"
                     *             },
                     *             "usage": {
                     *               "totals": {
                     *                 "records": 1,
                     *                 "api_calls": 1,
                     *                 "deliveries": 1,
                     *                 "bandwidth_in_bytes": 4096,
                     *                 "bandwidth_out_bytes": 4096,
                     *                 "errors": 0
                     *               },
                     *               "surfaces": {}
                     *             },
                     *             "source_refs": [
                     *               {
                     *                 "kind": "order",
                     *                 "id": "ord_1001"
                     *               }
                     *             ],
                     *             "source_stats": {
                     *               "objects": 1,
                     *               "bytes": 1,
                     *               "records": 1
                     *             },
                     *             "run_id": "run_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "revision": 1,
                     *             "created_at": "2026-11-20T10:15:02.417Z",
                     *             "updated_at": "2026-11-20T10:15:02.417Z"
                     *           }
                     *         ],
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "usage.rollup.list",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            rollups: {
                                rollup_id: string;
                                orgcode: string;
                                dt: string;
                                service: string;
                                /** @enum {string} */
                                scope: "org" | "cccode" | "unattributed";
                                cccode?: string;
                                window: {
                                    /** Format: date-time */
                                    from_utc: string;
                                    /** Format: date-time */
                                    to_utc: string;
                                };
                                usage: {
                                    totals: {
                                        records: number;
                                        api_calls: number;
                                        deliveries: number;
                                        bandwidth_in_bytes: number;
                                        bandwidth_out_bytes: number;
                                        errors: number;
                                    };
                                    surfaces: {
                                        [key: string]: {
                                            records: number;
                                            api_calls: number;
                                            deliveries: number;
                                            bandwidth_in_bytes: number;
                                            bandwidth_out_bytes: number;
                                            errors: number;
                                        };
                                    };
                                };
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                source_stats: {
                                    objects: number;
                                    bytes: number;
                                    records: number;
                                };
                                run_id: string;
                                revision: number;
                                /** Format: date-time */
                                last_input_at?: string;
                                last_input_late_seconds?: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            next_token: {
                                after: string;
                            } | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "comment.add": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "target_type": "invoice",
                 *       "target_id": "inv_01JEXAMPLE0000000000000000",
                 *       "body": "The customer disputes line 2 #dispute. @finance_audit please confirm before the November close.",
                 *       "attachments": [
                 *         {
                 *           "mrs_guid": "mrs_01JEXAMPLE0000000000000000",
                 *           "filename": "dispute.pdf",
                 *           "content_type": "application/pdf",
                 *           "size_bytes": 48213
                 *         }
                 *       ],
                 *       "idempotency_key": "dispute-inv-1001"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    target_type: "invoice" | "payment" | "commission" | "payout" | "export" | "export_batch" | "export_schedule" | "event" | "usage_rollup" | "financial_rollup";
                    target_id: string;
                    parent_comment_id?: string;
                    caption?: string;
                    body?: string;
                    attachments?: {
                        mrs_guid: string;
                        caption?: string;
                        filename?: string;
                        content_type?: string;
                        size_bytes?: number;
                    }[];
                    hashtags?: string[];
                    mentions_users?: string[];
                    mentions_teams?: ("acct_view" | "acct_export_admin" | "ar_admin" | "commission_admin" | "finance_audit")[];
                    idempotency_key?: string;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "comment": {
                     *           "comment_id": "cmt_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *           "orgcode": "ACME",
                     *           "target_type": "invoice",
                     *           "target_id": "inv_01JEXAMPLE0000000000000000",
                     *           "status": "current",
                     *           "current_revision": 1,
                     *           "body": "The customer disputes line 2 #dispute. @finance_audit please confirm before the November close.",
                     *           "attachments": [
                     *             {
                     *               "mrs_guid": "mrs_01JEXAMPLE0000000000000000",
                     *               "filename": "dispute.pdf",
                     *               "content_type": "application/pdf",
                     *               "size_bytes": 48213
                     *             }
                     *           ],
                     *           "total_size_bytes": 1,
                     *           "hashtags": [
                     *             "hashtags"
                     *           ],
                     *           "mentions_users": [
                     *             "mentions users"
                     *           ],
                     *           "mentions_teams": [
                     *             "mentions teams"
                     *           ],
                     *           "author_guid": "alice",
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "comment.add",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            comment: {
                                comment_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                target_type: "invoice" | "payment" | "commission" | "payout" | "export" | "export_batch" | "export_schedule" | "event" | "usage_rollup" | "financial_rollup";
                                target_id: string;
                                parent_comment_id?: string;
                                /** @enum {string} */
                                status: "current" | "archived" | "doomed";
                                current_revision: number;
                                caption?: string;
                                body?: string;
                                attachments: {
                                    mrs_guid: string;
                                    caption?: string;
                                    filename?: string;
                                    content_type?: string;
                                    size_bytes?: number;
                                }[];
                                total_size_bytes: number;
                                hashtags: string[];
                                mentions_users: string[];
                                mentions_teams: string[];
                                author_guid: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "comment.get": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "comment_id": "cmt_01JEXAMPLE0000000000000000",
                 *       "target_type": "invoice",
                 *       "target_id": "inv_01JEXAMPLE0000000000000000"
                 *     }
                 */
                "application/json": {
                    comment_id: string;
                    /** @enum {string} */
                    target_type: "invoice" | "payment" | "commission" | "payout" | "export" | "export_batch" | "export_schedule" | "event" | "usage_rollup" | "financial_rollup";
                    target_id: string;
                    revision?: number;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "comment": {
                     *           "comment_id": "cmt_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "target_type": "invoice",
                     *           "target_id": "inv_01JEXAMPLE0000000000000000",
                     *           "status": "current",
                     *           "current_revision": 1,
                     *           "attachments": [
                     *             {
                     *               "mrs_guid": "mrs guid"
                     *             }
                     *           ],
                     *           "total_size_bytes": 1,
                     *           "hashtags": [
                     *             "hashtags"
                     *           ],
                     *           "mentions_users": [
                     *             "mentions users"
                     *           ],
                     *           "mentions_teams": [
                     *             "mentions teams"
                     *           ],
                     *           "author_guid": "alice",
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "comment.get",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            comment: {
                                comment_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                target_type: "invoice" | "payment" | "commission" | "payout" | "export" | "export_batch" | "export_schedule" | "event" | "usage_rollup" | "financial_rollup";
                                target_id: string;
                                parent_comment_id?: string;
                                /** @enum {string} */
                                status: "current" | "archived" | "doomed";
                                current_revision: number;
                                caption?: string;
                                body?: string;
                                attachments: {
                                    mrs_guid: string;
                                    caption?: string;
                                    filename?: string;
                                    content_type?: string;
                                    size_bytes?: number;
                                }[];
                                total_size_bytes: number;
                                hashtags: string[];
                                mentions_users: string[];
                                mentions_teams: string[];
                                author_guid: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "comment.list": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "org_wide": true,
                 *       "hashtag": "dispute",
                 *       "limit": 20
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    target_type?: "invoice" | "payment" | "commission" | "payout" | "export" | "export_batch" | "export_schedule" | "event" | "usage_rollup" | "financial_rollup";
                    target_id?: string;
                    org_wide?: boolean;
                    user_guid?: string;
                    /** @enum {string} */
                    status?: "current" | "archived" | "doomed";
                    hashtag?: string;
                    /** Format: date-time */
                    created_after?: string;
                    /** Format: date-time */
                    created_before?: string;
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "comments": [
                     *           {
                     *             "comment_id": "cmt_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "orgcode": "ACME",
                     *             "target_type": "invoice",
                     *             "target_id": "target_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "status": "current",
                     *             "current_revision": 1,
                     *             "attachments": [
                     *               {
                     *                 "mrs_guid": "mrs guid"
                     *               }
                     *             ],
                     *             "total_size_bytes": 1,
                     *             "hashtags": [
                     *               "hashtags"
                     *             ],
                     *             "mentions_users": [
                     *               "mentions users"
                     *             ],
                     *             "mentions_teams": [
                     *               "mentions teams"
                     *             ],
                     *             "author_guid": "alice",
                     *             "request_context": {
                     *               "orgcode": "ACME",
                     *               "actor": "checkout-service",
                     *               "context_source": "api_key",
                     *               "roles": [],
                     *               "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *             },
                     *             "created_at": "2026-11-20T10:15:02.417Z",
                     *             "updated_at": "2026-11-20T10:15:02.417Z"
                     *           }
                     *         ],
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "comment.list",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            comments: {
                                comment_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                target_type: "invoice" | "payment" | "commission" | "payout" | "export" | "export_batch" | "export_schedule" | "event" | "usage_rollup" | "financial_rollup";
                                target_id: string;
                                parent_comment_id?: string;
                                /** @enum {string} */
                                status: "current" | "archived" | "doomed";
                                current_revision: number;
                                caption?: string;
                                body?: string;
                                attachments: {
                                    mrs_guid: string;
                                    caption?: string;
                                    filename?: string;
                                    content_type?: string;
                                    size_bytes?: number;
                                }[];
                                total_size_bytes: number;
                                hashtags: string[];
                                mentions_users: string[];
                                mentions_teams: string[];
                                author_guid: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "comment.revise": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "comment_id": "cmt_01JEXAMPLE0000000000000000",
                 *       "target_type": "invoice",
                 *       "target_id": "inv_01JEXAMPLE0000000000000000",
                 *       "expected_revision": 1,
                 *       "body": "The customer disputes line 2 #dispute; credit note requested from @raj."
                 *     }
                 */
                "application/json": {
                    comment_id: string;
                    /** @enum {string} */
                    target_type: "invoice" | "payment" | "commission" | "payout" | "export" | "export_batch" | "export_schedule" | "event" | "usage_rollup" | "financial_rollup";
                    target_id: string;
                    expected_revision?: number;
                    caption?: string;
                    body?: string;
                    attachments?: {
                        mrs_guid: string;
                        caption?: string;
                        filename?: string;
                        content_type?: string;
                        size_bytes?: number;
                    }[];
                    hashtags?: string[];
                    mentions_users?: string[];
                    mentions_teams?: ("acct_view" | "acct_export_admin" | "ar_admin" | "commission_admin" | "finance_audit")[];
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "comment": {
                     *           "comment_id": "cmt_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "target_type": "invoice",
                     *           "target_id": "inv_01JEXAMPLE0000000000000000",
                     *           "status": "current",
                     *           "current_revision": 1,
                     *           "body": "The customer disputes line 2 #dispute; credit note requested from @raj.",
                     *           "attachments": [
                     *             {
                     *               "mrs_guid": "mrs guid"
                     *             }
                     *           ],
                     *           "total_size_bytes": 1,
                     *           "hashtags": [
                     *             "hashtags"
                     *           ],
                     *           "mentions_users": [
                     *             "mentions users"
                     *           ],
                     *           "mentions_teams": [
                     *             "mentions teams"
                     *           ],
                     *           "author_guid": "alice",
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "comment.revise",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            comment: {
                                comment_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                target_type: "invoice" | "payment" | "commission" | "payout" | "export" | "export_batch" | "export_schedule" | "event" | "usage_rollup" | "financial_rollup";
                                target_id: string;
                                parent_comment_id?: string;
                                /** @enum {string} */
                                status: "current" | "archived" | "doomed";
                                current_revision: number;
                                caption?: string;
                                body?: string;
                                attachments: {
                                    mrs_guid: string;
                                    caption?: string;
                                    filename?: string;
                                    content_type?: string;
                                    size_bytes?: number;
                                }[];
                                total_size_bytes: number;
                                hashtags: string[];
                                mentions_users: string[];
                                mentions_teams: string[];
                                author_guid: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            428: components["responses"]["Error428"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "comment.status": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "comment_id": "cmt_01JEXAMPLE0000000000000000",
                 *       "target_type": "invoice",
                 *       "target_id": "inv_01JEXAMPLE0000000000000000",
                 *       "status": "archived",
                 *       "expected_revision": 2
                 *     }
                 */
                "application/json": {
                    comment_id: string;
                    /** @enum {string} */
                    target_type: "invoice" | "payment" | "commission" | "payout" | "export" | "export_batch" | "export_schedule" | "event" | "usage_rollup" | "financial_rollup";
                    target_id: string;
                    /** @enum {string} */
                    status: "current" | "archived" | "doomed";
                    expected_revision?: number;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "comment": {
                     *           "comment_id": "cmt_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "target_type": "invoice",
                     *           "target_id": "inv_01JEXAMPLE0000000000000000",
                     *           "status": "archived",
                     *           "current_revision": 1,
                     *           "attachments": [
                     *             {
                     *               "mrs_guid": "mrs guid"
                     *             }
                     *           ],
                     *           "total_size_bytes": 1,
                     *           "hashtags": [
                     *             "hashtags"
                     *           ],
                     *           "mentions_users": [
                     *             "mentions users"
                     *           ],
                     *           "mentions_teams": [
                     *             "mentions teams"
                     *           ],
                     *           "author_guid": "alice",
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "comment.status",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            comment: {
                                comment_id: string;
                                orgcode: string;
                                /** @enum {string} */
                                target_type: "invoice" | "payment" | "commission" | "payout" | "export" | "export_batch" | "export_schedule" | "event" | "usage_rollup" | "financial_rollup";
                                target_id: string;
                                parent_comment_id?: string;
                                /** @enum {string} */
                                status: "current" | "archived" | "doomed";
                                current_revision: number;
                                caption?: string;
                                body?: string;
                                attachments: {
                                    mrs_guid: string;
                                    caption?: string;
                                    filename?: string;
                                    content_type?: string;
                                    size_bytes?: number;
                                }[];
                                total_size_bytes: number;
                                hashtags: string[];
                                mentions_users: string[];
                                mentions_teams: string[];
                                author_guid: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            428: components["responses"]["Error428"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "comment.report": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "org_wide": true,
                 *       "status": "current"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    target_type?: "invoice" | "payment" | "commission" | "payout" | "export" | "export_batch" | "export_schedule" | "event" | "usage_rollup" | "financial_rollup";
                    target_id?: string;
                    org_wide?: boolean;
                    /** @enum {string} */
                    status?: "current" | "archived" | "doomed";
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "report": {
                     *           "org_wide": true,
                     *           "status": "current",
                     *           "comment_count": 1,
                     *           "by_status": {
                     *             "current": 1,
                     *             "archived": 1,
                     *             "doomed": 1
                     *           },
                     *           "by_hashtag": {},
                     *           "by_author": {}
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "comment.report",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            report: {
                                /** @enum {string} */
                                target_type?: "invoice" | "payment" | "commission" | "payout" | "export" | "export_batch" | "export_schedule" | "event" | "usage_rollup" | "financial_rollup";
                                target_id?: string;
                                org_wide?: boolean;
                                /** @enum {string} */
                                status?: "current" | "archived" | "doomed";
                                comment_count: number;
                                by_status: {
                                    current: number;
                                    archived: number;
                                    doomed: number;
                                };
                                by_hashtag: {
                                    [key: string]: number;
                                };
                                by_author: {
                                    [key: string]: number;
                                };
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "inbox.create": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "team": "finance_audit",
                 *       "kind": "task.review",
                 *       "title": "Review the November close before Friday",
                 *       "body": "The ERP export for November is ready; please check the tax lines.",
                 *       "target_type": "export",
                 *       "target_id": "exp_01JEXAMPLE0000000000000000"
                 *     }
                 */
                "application/json": {
                    item_id?: string;
                    user_guid?: string;
                    /** @enum {string} */
                    team?: "acct_view" | "acct_export_admin" | "ar_admin" | "commission_admin" | "finance_audit";
                    kind: string;
                    title: string;
                    body?: string;
                    target_type?: string;
                    target_id?: string;
                    source_refs?: {
                        kind: string;
                        id: string;
                    }[];
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "item": {
                     *           "item_id": "inb_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *           "orgcode": "ACME",
                     *           "team": "finance_audit",
                     *           "kind": "task.review",
                     *           "title": "Review the November close before Friday",
                     *           "body": "The ERP export for November is ready; please check the tax lines.",
                     *           "target_type": "export",
                     *           "target_id": "exp_01JEXAMPLE0000000000000000",
                     *           "source_refs": [
                     *             {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             }
                     *           ],
                     *           "status": "current",
                     *           "state": "unread",
                     *           "revision": 1,
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "finance_audit"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "inbox.create",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "finance_audit"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            item: {
                                item_id: string;
                                orgcode: string;
                                user_guid?: string;
                                /** @enum {string} */
                                team?: "acct_view" | "acct_export_admin" | "ar_admin" | "commission_admin" | "finance_audit";
                                kind: string;
                                title: string;
                                body?: string;
                                target_type?: string;
                                target_id?: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                /** @enum {string} */
                                status: "current" | "archived" | "doomed";
                                /** @enum {string} */
                                state: "unread" | "read";
                                /** Format: date-time */
                                read_at?: string;
                                revision: number;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "inbox.get": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "item_id": "inb_01JEXAMPLE0000000000000000"
                 *     }
                 */
                "application/json": {
                    item_id: string;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "item": {
                     *           "item_id": "inb_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "kind": "kind",
                     *           "title": "title",
                     *           "source_refs": [
                     *             {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             }
                     *           ],
                     *           "status": "current",
                     *           "state": "unread",
                     *           "revision": 1,
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "inbox.get",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            item: {
                                item_id: string;
                                orgcode: string;
                                user_guid?: string;
                                /** @enum {string} */
                                team?: "acct_view" | "acct_export_admin" | "ar_admin" | "commission_admin" | "finance_audit";
                                kind: string;
                                title: string;
                                body?: string;
                                target_type?: string;
                                target_id?: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                /** @enum {string} */
                                status: "current" | "archived" | "doomed";
                                /** @enum {string} */
                                state: "unread" | "read";
                                /** Format: date-time */
                                read_at?: string;
                                revision: number;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "inbox.list": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "state": "unread",
                 *       "limit": 20
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    state?: "unread" | "read";
                    /** @enum {string} */
                    status?: "current" | "archived" | "doomed";
                    kind?: string;
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "item_id": "inb_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "orgcode": "ACME",
                     *             "kind": "kind",
                     *             "title": "title",
                     *             "source_refs": [
                     *               {
                     *                 "kind": "order",
                     *                 "id": "ord_1001"
                     *               }
                     *             ],
                     *             "status": "current",
                     *             "state": "unread",
                     *             "revision": 1,
                     *             "request_context": {
                     *               "orgcode": "ACME",
                     *               "actor": "checkout-service",
                     *               "context_source": "api_key",
                     *               "roles": [],
                     *               "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *             },
                     *             "created_at": "2026-11-20T10:15:02.417Z",
                     *             "updated_at": "2026-11-20T10:15:02.417Z"
                     *           }
                     *         ],
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "inbox.list",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            items: {
                                item_id: string;
                                orgcode: string;
                                user_guid?: string;
                                /** @enum {string} */
                                team?: "acct_view" | "acct_export_admin" | "ar_admin" | "commission_admin" | "finance_audit";
                                kind: string;
                                title: string;
                                body?: string;
                                target_type?: string;
                                target_id?: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                /** @enum {string} */
                                status: "current" | "archived" | "doomed";
                                /** @enum {string} */
                                state: "unread" | "read";
                                /** Format: date-time */
                                read_at?: string;
                                revision: number;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "inbox.status": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "item_id": "inb_01JEXAMPLE0000000000000000",
                 *       "status": "archived",
                 *       "expected_revision": 1
                 *     }
                 */
                "application/json": {
                    item_id: string;
                    /** @enum {string} */
                    status: "current" | "archived" | "doomed";
                    expected_revision?: number;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "item": {
                     *           "item_id": "inb_01JEXAMPLE0000000000000000",
                     *           "orgcode": "ACME",
                     *           "kind": "kind",
                     *           "title": "title",
                     *           "source_refs": [
                     *             {
                     *               "kind": "order",
                     *               "id": "ord_1001"
                     *             }
                     *           ],
                     *           "status": "archived",
                     *           "state": "unread",
                     *           "revision": 1,
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           },
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "updated_at": "2026-11-20T10:15:02.417Z"
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "inbox.status",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            item: {
                                item_id: string;
                                orgcode: string;
                                user_guid?: string;
                                /** @enum {string} */
                                team?: "acct_view" | "acct_export_admin" | "ar_admin" | "commission_admin" | "finance_audit";
                                kind: string;
                                title: string;
                                body?: string;
                                target_type?: string;
                                target_id?: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                /** @enum {string} */
                                status: "current" | "archived" | "doomed";
                                /** @enum {string} */
                                state: "unread" | "read";
                                /** Format: date-time */
                                read_at?: string;
                                revision: number;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            428: components["responses"]["Error428"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "inbox.state": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "item_ids": [
                 *         "inb_01JEXAMPLE0000000000000000"
                 *       ],
                 *       "state": "read"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    state: "unread" | "read";
                    item_id?: string;
                    item_ids?: string[];
                    /** @constant */
                    all?: true;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "item_id": "inb_01JD3Q8Z6M4T7V2X9B5N1C0K8R",
                     *             "orgcode": "ACME",
                     *             "kind": "kind",
                     *             "title": "title",
                     *             "source_refs": [
                     *               {
                     *                 "kind": "order",
                     *                 "id": "ord_1001"
                     *               }
                     *             ],
                     *             "status": "current",
                     *             "state": "read",
                     *             "revision": 1,
                     *             "request_context": {
                     *               "orgcode": "ACME",
                     *               "actor": "checkout-service",
                     *               "context_source": "api_key",
                     *               "roles": [],
                     *               "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *             },
                     *             "created_at": "2026-11-20T10:15:02.417Z",
                     *             "updated_at": "2026-11-20T10:15:02.417Z"
                     *           }
                     *         ],
                     *         "marked": 1,
                     *         "complete": true
                     *       },
                     *       "stats": {
                     *         "call": "inbox.state",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            items: {
                                item_id: string;
                                orgcode: string;
                                user_guid?: string;
                                /** @enum {string} */
                                team?: "acct_view" | "acct_export_admin" | "ar_admin" | "commission_admin" | "finance_audit";
                                kind: string;
                                title: string;
                                body?: string;
                                target_type?: string;
                                target_id?: string;
                                source_refs: {
                                    kind: string;
                                    id: string;
                                }[];
                                /** @enum {string} */
                                status: "current" | "archived" | "doomed";
                                /** @enum {string} */
                                state: "unread" | "read";
                                /** Format: date-time */
                                read_at?: string;
                                revision: number;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            marked: number;
                            complete: boolean;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "gl.mapping.set": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "rules": [
                 *         {
                 *           "rule_id": "sales",
                 *           "event_type": "order.placed",
                 *           "lines": [
                 *             {
                 *               "side": "debit",
                 *               "account": "1200 Receivables",
                 *               "amount": "gross"
                 *             },
                 *             {
                 *               "side": "credit",
                 *               "account": "4000 Sales",
                 *               "amount": "net"
                 *             },
                 *             {
                 *               "side": "credit",
                 *               "account": "2200 Sales tax",
                 *               "amount": "tax",
                 *               "tax_accounts": {
                 *                 "US-TX": "2210 Texas tax"
                 *               }
                 *             }
                 *           ]
                 *         },
                 *         {
                 *           "rule_id": "card-tenders",
                 *           "event_type": "tender.captured",
                 *           "lines": [
                 *             {
                 *               "side": "debit",
                 *               "account": "1010 Card clearing",
                 *               "amount": "gross"
                 *             },
                 *             {
                 *               "side": "credit",
                 *               "account": "1200 Receivables",
                 *               "amount": "gross"
                 *             }
                 *           ]
                 *         }
                 *       ],
                 *       "rounding_account": "7990 Rounding",
                 *       "effective_from": "2026-11-01",
                 *       "reason": "Chart of accounts for the ERP, Texas tax on its own account",
                 *       "source_refs": [
                 *         {
                 *           "kind": "erp_change",
                 *           "id": "CHG-2026-114"
                 *         }
                 *       ],
                 *       "idempotency_key": "gl-mapping-chg-2026-114",
                 *       "request_context": {
                 *         "orgcode": "ACME",
                 *         "actor": "controller",
                 *         "context_source": "session"
                 *       }
                 *     }
                 */
                "application/json": {
                    rules: {
                        rule_id: string;
                        event_type: string;
                        match?: {
                            channel_code?: string;
                            cccode?: string;
                            logical_guid?: string;
                            currency?: string;
                        };
                        lines: {
                            /** @enum {string} */
                            side: "debit" | "credit";
                            account: string;
                            /** @enum {string} */
                            amount: "gross" | "net" | "tax";
                            tax_accounts?: {
                                [key: string]: string;
                            };
                        }[];
                    }[];
                    rounding_account: string;
                    /** Format: date */
                    effective_from: string;
                    expected_revision?: number;
                    reason?: string;
                    source_refs?: {
                        kind: string;
                        id: string;
                    }[];
                    idempotency_key?: string;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "mapping": {
                     *           "orgcode": "ACME",
                     *           "revision": 1,
                     *           "effective_from": "2026-11-01",
                     *           "rules": [
                     *             {
                     *               "rule_id": "sales",
                     *               "event_type": "order.placed",
                     *               "lines": [
                     *                 {
                     *                   "side": "debit",
                     *                   "account": "1200 Receivables",
                     *                   "amount": "gross",
                     *                   "tax_accounts": {
                     *                     "US-TX": "2210 Texas tax"
                     *                   }
                     *                 },
                     *                 {
                     *                   "side": "credit",
                     *                   "account": "4000 Sales",
                     *                   "amount": "net",
                     *                   "tax_accounts": {
                     *                     "US-TX": "2210 Texas tax"
                     *                   }
                     *                 },
                     *                 {
                     *                   "side": "credit",
                     *                   "account": "2200 Sales tax",
                     *                   "amount": "tax",
                     *                   "tax_accounts": {
                     *                     "US-TX": "2210 Texas tax"
                     *                   }
                     *                 }
                     *               ]
                     *             },
                     *             {
                     *               "rule_id": "card-tenders",
                     *               "event_type": "tender.captured",
                     *               "lines": [
                     *                 {
                     *                   "side": "debit",
                     *                   "account": "1010 Card clearing",
                     *                   "amount": "gross",
                     *                   "tax_accounts": {
                     *                     "US-TX": "2210 Texas tax"
                     *                   }
                     *                 },
                     *                 {
                     *                   "side": "credit",
                     *                   "account": "1200 Receivables",
                     *                   "amount": "gross",
                     *                   "tax_accounts": {
                     *                     "US-TX": "2210 Texas tax"
                     *                   }
                     *                 }
                     *               ]
                     *             }
                     *           ],
                     *           "rounding_account": "7990 Rounding",
                     *           "reason": "Chart of accounts for the ERP, Texas tax on its own account",
                     *           "source_refs": [
                     *             {
                     *               "kind": "erp_change",
                     *               "id": "CHG-2026-114"
                     *             }
                     *           ],
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "controller",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "acct_export_admin"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           }
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "gl.mapping.set",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "controller",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_export_admin"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            mapping: {
                                orgcode: string;
                                revision: number;
                                effective_from: string;
                                rules: {
                                    rule_id: string;
                                    event_type: string;
                                    match?: {
                                        channel_code?: string;
                                        cccode?: string;
                                        logical_guid?: string;
                                        currency?: string;
                                    };
                                    lines: {
                                        /** @enum {string} */
                                        side: "debit" | "credit";
                                        account: string;
                                        /** @enum {string} */
                                        amount: "gross" | "net" | "tax";
                                        tax_accounts?: {
                                            [key: string]: string;
                                        };
                                    }[];
                                }[];
                                rounding_account: string;
                                reason?: string;
                                source_refs?: {
                                    kind: string;
                                    id: string;
                                }[];
                                /** Format: date-time */
                                created_at: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            422: components["responses"]["Error422"];
            428: components["responses"]["Error428"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "gl.mapping.get": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "revision": 1
                 *     }
                 */
                "application/json": {
                    revision?: number;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "mapping": {
                     *           "orgcode": "ACME",
                     *           "revision": 1,
                     *           "effective_from": "effective from",
                     *           "rules": [
                     *             {
                     *               "rule_id": "rule_standard",
                     *               "event_type": "order.placed",
                     *               "lines": [
                     *                 {
                     *                   "side": "debit",
                     *                   "account": "account",
                     *                   "amount": "gross"
                     *                 }
                     *               ]
                     *             }
                     *           ],
                     *           "rounding_account": "rounding account",
                     *           "created_at": "2026-11-20T10:15:02.417Z",
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "checkout-service",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "acct_view"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           }
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "gl.mapping.get",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            mapping: {
                                orgcode: string;
                                revision: number;
                                effective_from: string;
                                rules: {
                                    rule_id: string;
                                    event_type: string;
                                    match?: {
                                        channel_code?: string;
                                        cccode?: string;
                                        logical_guid?: string;
                                        currency?: string;
                                    };
                                    lines: {
                                        /** @enum {string} */
                                        side: "debit" | "credit";
                                        account: string;
                                        /** @enum {string} */
                                        amount: "gross" | "net" | "tax";
                                        tax_accounts?: {
                                            [key: string]: string;
                                        };
                                    }[];
                                }[];
                                rounding_account: string;
                                reason?: string;
                                source_refs?: {
                                    kind: string;
                                    id: string;
                                }[];
                                /** Format: date-time */
                                created_at: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "gl.mapping.list": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "limit": 8
                 *     }
                 */
                "application/json": {
                    limit?: number;
                    next_token?: string | null;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "mappings": [
                     *           {
                     *             "orgcode": "ACME",
                     *             "revision": 1,
                     *             "effective_from": "effective from",
                     *             "rules": [
                     *               {
                     *                 "rule_id": "rule_standard",
                     *                 "event_type": "order.placed",
                     *                 "lines": [
                     *                   {
                     *                     "side": "debit",
                     *                     "account": "account",
                     *                     "amount": "gross"
                     *                   }
                     *                 ]
                     *               }
                     *             ],
                     *             "rounding_account": "rounding account",
                     *             "created_at": "2026-11-20T10:15:02.417Z",
                     *             "request_context": {
                     *               "orgcode": "ACME",
                     *               "actor": "checkout-service",
                     *               "context_source": "api_key",
                     *               "roles": [
                     *                 "acct_view"
                     *               ],
                     *               "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *             }
                     *           }
                     *         ],
                     *         "next_token": null
                     *       },
                     *       "stats": {
                     *         "call": "gl.mapping.list",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            mappings: {
                                orgcode: string;
                                revision: number;
                                effective_from: string;
                                rules: {
                                    rule_id: string;
                                    event_type: string;
                                    match?: {
                                        channel_code?: string;
                                        cccode?: string;
                                        logical_guid?: string;
                                        currency?: string;
                                    };
                                    lines: {
                                        /** @enum {string} */
                                        side: "debit" | "credit";
                                        account: string;
                                        /** @enum {string} */
                                        amount: "gross" | "net" | "tax";
                                        tax_accounts?: {
                                            [key: string]: string;
                                        };
                                    }[];
                                }[];
                                rounding_account: string;
                                reason?: string;
                                source_refs?: {
                                    kind: string;
                                    id: string;
                                }[];
                                /** Format: date-time */
                                created_at: string;
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                            }[];
                            next_token: string | null;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "gl.coverage.report": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "from_utc": "2026-11-01T00:00:00Z",
                 *       "to_utc": "2026-12-01T00:00:00Z",
                 *       "event_types": [
                 *         "order.placed",
                 *         "order.cancelled"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** Format: date-time */
                    from_utc: string;
                    /** Format: date-time */
                    to_utc: string;
                    event_types?: string[];
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "coverage": {
                     *           "from_utc": "2026-11-01T00:00:00Z",
                     *           "to_utc": "2026-12-01T00:00:00Z",
                     *           "events": 1,
                     *           "mapped": 1,
                     *           "unmapped": [
                     *             {
                     *               "event_type": "order.placed",
                     *               "match": {
                     *                 "channel_code": "web_store",
                     *                 "cccode": "ST01-EAST-0042",
                     *                 "logical_guid": "store-0042",
                     *                 "currency": "USD"
                     *               },
                     *               "count": 1,
                     *               "event_ids": [
                     *                 "event ids"
                     *               ]
                     *             }
                     *           ]
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "gl.coverage.report",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            coverage: {
                                /** Format: date-time */
                                from_utc: string;
                                /** Format: date-time */
                                to_utc: string;
                                events: number;
                                mapped: number;
                                unmapped: {
                                    event_type: string;
                                    match: {
                                        channel_code: string | null;
                                        cccode: string | null;
                                        logical_guid: string | null;
                                        currency: string | null;
                                    };
                                    count: number;
                                    event_ids: string[];
                                }[];
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "gl.period.close": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "period": "2026-10",
                 *       "reason": "October closed in the ERP",
                 *       "source_refs": [
                 *         {
                 *           "kind": "erp_period",
                 *           "id": "FY2026-10"
                 *         }
                 *       ],
                 *       "request_context": {
                 *         "orgcode": "ACME",
                 *         "actor": "controller",
                 *         "context_source": "session"
                 *       }
                 *     }
                 */
                "application/json": {
                    period: string;
                    reason?: string;
                    source_refs?: {
                        kind: string;
                        id: string;
                    }[];
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "period": {
                     *           "orgcode": "ACME",
                     *           "period": "2026-10",
                     *           "status": "closed",
                     *           "closed_at": "2026-11-20T10:15:02.417Z",
                     *           "reason": "October closed in the ERP",
                     *           "source_refs": [
                     *             {
                     *               "kind": "erp_period",
                     *               "id": "FY2026-10"
                     *             }
                     *           ],
                     *           "request_context": {
                     *             "orgcode": "ACME",
                     *             "actor": "controller",
                     *             "context_source": "api_key",
                     *             "roles": [
                     *               "acct_export_admin"
                     *             ],
                     *             "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *           }
                     *         }
                     *       },
                     *       "stats": {
                     *         "call": "gl.period.close",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "controller",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_export_admin"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            period: {
                                orgcode: string;
                                period: string;
                                /** @enum {string} */
                                status: "closed";
                                /** Format: date-time */
                                closed_at: string;
                                reason?: string;
                                source_refs?: {
                                    kind: string;
                                    id: string;
                                }[];
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                            };
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "gl.period.list": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": {
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "periods": [
                     *           {
                     *             "orgcode": "ACME",
                     *             "period": "period",
                     *             "status": "closed",
                     *             "closed_at": "2026-11-20T10:15:02.417Z",
                     *             "request_context": {
                     *               "orgcode": "ACME",
                     *               "actor": "checkout-service",
                     *               "context_source": "api_key",
                     *               "roles": [
                     *                 "acct_view"
                     *               ],
                     *               "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f"
                     *             }
                     *           }
                     *         ]
                     *       },
                     *       "stats": {
                     *         "call": "gl.period.list",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            periods: {
                                orgcode: string;
                                period: string;
                                /** @enum {string} */
                                status: "closed";
                                /** Format: date-time */
                                closed_at: string;
                                reason?: string;
                                source_refs?: {
                                    kind: string;
                                    id: string;
                                }[];
                                request_context: {
                                    orgcode: string;
                                    actor: string;
                                    /** @enum {string} */
                                    context_source: "session" | "api_key" | "operator" | "system";
                                    logical_guid?: string;
                                    channel_code?: string;
                                    cccode?: string;
                                    roles?: string[];
                                    session_fingerprint?: string;
                                    api_key_fingerprint?: string;
                                };
                            }[];
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
    "gl.trial_balance": {
        parameters: {
            query?: never;
            header: {
                /** @description The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404). */
                "x-orgcode": components["parameters"]["Orgcode"];
                /** @description The facility the call is made for; recorded in the request context. */
                "x-logical-guid"?: components["parameters"]["LogicalGuid"];
                /** @description The sales channel, lowercase snake_case; recorded in the request context. */
                "x-channel-code"?: components["parameters"]["ChannelCode"];
                /** @description The cost centre, trimmed and uppercased; recorded in the request context. */
                "x-cccode"?: components["parameters"]["Cccode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "as_of": "2026-11-30",
                 *       "currency": "USD"
                 *     }
                 */
                "application/json": {
                    /** Format: date */
                    as_of: string;
                    currency?: string;
                    request_context?: {
                        orgcode: string;
                        actor: string;
                        /** @enum {string} */
                        context_source: "session" | "api_key" | "operator" | "system";
                        logical_guid?: string;
                        channel_code?: string;
                        cccode?: string;
                        roles?: string[];
                        session_fingerprint?: string;
                        api_key_fingerprint?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success: the envelope around this operation's `data`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "as_of": "2026-11-30",
                     *         "accounts": [
                     *           {
                     *             "account": "account",
                     *             "currency": "USD",
                     *             "debit_total": 107.5,
                     *             "credit_total": 107.5,
                     *             "balance": 107.5
                     *           }
                     *         ],
                     *         "totals": [
                     *           {
                     *             "currency": "USD",
                     *             "debit_total": 107.5,
                     *             "credit_total": 107.5
                     *           }
                     *         ],
                     *         "unmapped": 1
                     *       },
                     *       "stats": {
                     *         "call": "gl.trial_balance",
                     *         "service": "accounting",
                     *         "request_id": "8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18",
                     *         "timestamp_utc": "2026-11-20T10:15:02.417Z",
                     *         "actor": "checkout-service",
                     *         "context_source": "api_key",
                     *         "api_key_fingerprint": "9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f",
                     *         "orgcode": "ACME",
                     *         "roles": [
                     *           "acct_view"
                     *         ],
                     *         "build": {
                     *           "build_major": "0",
                     *           "build_minor": "1",
                     *           "build_id": "example"
                     *         }
                     *       },
                     *       "build": {
                     *         "build_major": "0",
                     *         "build_minor": "1",
                     *         "build_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            as_of: string;
                            accounts: {
                                account: string;
                                currency: string;
                                debit_total: number;
                                credit_total: number;
                                balance: number;
                            }[];
                            totals: {
                                currency: string;
                                debit_total: number;
                                credit_total: number;
                            }[];
                            unmapped: number;
                        };
                        stats: components["schemas"]["Stats"];
                        build: components["schemas"]["BuildMeta"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
        };
    };
}
