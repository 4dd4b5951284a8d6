import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/** The secret pagination tokens are sealed with: opaque and tamper-evident (docs/decisions.md: Foundations). */
export class TokenSigningKey extends Construct {
  readonly secret: secretsmanager.Secret;
  /**
   * The value for the functions' TOKEN_SIGNING_KEY variable: a CloudFormation
   * dynamic reference (`{{resolve:secretsmanager:...}}`) resolved at deploy time.
   * Chosen over reading the secret at run time so a cold start does no network
   * I/O and the functions need no `secretsmanager:GetSecretValue`. The price: the
   * key is visible to whoever may read the functions' configuration, and a
   * rotated key reaches the functions only with the next deploy.
   */
  readonly environmentValue: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new secretsmanager.Secret(this, 'Secret', {
      description: 'HMAC key signing the accounting service pagination tokens',
      // shared/config.ts requires at least 32 characters; 48 alphanumerics give ~285 bits.
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    });
    this.environmentValue = this.secret.secretValue.unsafeUnwrap();
  }
}
