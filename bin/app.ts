import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { defineAccountingApp } from '../lib/accounting-app';

// `-c env=dev|staging|prod` is required (lib/deployment-environment.ts).
defineAccountingApp(new App(), fileURLToPath(new URL('..', import.meta.url)));
