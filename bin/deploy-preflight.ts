/**
 * `npm run deploy -- -c env=NAME` runs this before `cdk deploy`: without AWS
 * credentials the CDK bundles every function (a minute or two) before failing
 * with "Unable to resolve AWS account"; this fails at once and says what to
 * do. Whether the account and region are bootstrapped takes a call to AWS,
 * which `cdk deploy` makes and reports itself.
 */
import { LambdaClient } from '@aws-sdk/client-lambda';
import { silenceNodeVersionWarning } from '../shared/local/node-version-notice';

const noCredentials = `No AWS credentials found, so nothing was bundled or deployed. Sign in first:
  export AWS_PROFILE=your-profile      # a profile of ~/.aws/config (aws configure sso, then aws sso login)
  or set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN)
Once per account and region, \`npx cdk bootstrap\` prepares it for CDK deployments.`;

silenceNodeVersionWarning();
// The SDK's own provider chain, as the CDK's: environment, shared config and SSO, container and instance roles.
const client = new LambdaClient({});
try {
  await client.config.credentials();
} catch {
  console.error(noCredentials);
  process.exitCode = 1;
} finally {
  client.destroy();
}
