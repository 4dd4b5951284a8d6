import { operatorHandler } from '../../shared/operators/operator-handler';
import { credentialAdminRequest, runCredentialAdmin } from '../../shared/operators/credential-admin';

export const handler = operatorHandler(credentialAdminRequest, runCredentialAdmin);
