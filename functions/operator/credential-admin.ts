import { operatorHandler } from '../../shared/lambda/payload-handler';
import { credentialAdminRequest, runCredentialAdmin } from '../../shared/operators/credential-admin';

export const handler = operatorHandler(credentialAdminRequest, runCredentialAdmin);
