import { payloadHandler } from '../../shared/lambda/payload-handler';
import { credentialAdminRequest, runCredentialAdmin } from '../../shared/operators/credential-admin';

export const handler = payloadHandler(credentialAdminRequest, runCredentialAdmin);
