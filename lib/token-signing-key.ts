import { NagSuppressions } from 'cdk-nag';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { TokenKeys } from '../shared/domain/page-token';

export interface TokenSigningKeyProps {
  /** The key's generation (DeploymentEnvironment.tokenKeyGeneration): raising it rotates the key. */
  generation: number;
}

/**
 * The secrets pagination tokens are sealed with: opaque and tamper-evident
 * (docs/decisions.md: Foundations), rotated by generation (docs/decisions.md:
 * Operations, Key rotation). Each generation is a secret of its own, generated
 * by Secrets Manager and never seen by anyone; the stack holds the current
 * generation and the one before it, whose tokens stay valid. Raising the
 * generation creates the next secret and deletes the oldest.
 */
export class TokenSigningKey extends Construct {
  /** The current generation's secret: new tokens are sealed with it. */
  readonly secret: secretsmanager.Secret;
  /** The previous generation's secret, absent at generation 1. */
  readonly previousSecret: secretsmanager.Secret | undefined;
  /**
   * The values of the functions' TOKEN_SIGNING_KEY and TOKEN_SIGNING_KEY_PREVIOUS
   * variables: CloudFormation dynamic references (`{{resolve:secretsmanager:...}}`)
   * resolved at deploy time. Chosen over reading the secrets at run time so a
   * cold start does no network I/O and the functions need no
   * `secretsmanager:GetSecretValue`. The price: the keys are visible to whoever
   * may read the functions' configuration. A new generation changes these
   * values, so its deploy always hands the functions the keys it created.
   */
  readonly environmentValues: TokenKeys;

  constructor(scope: Construct, id: string, props: TokenSigningKeyProps) {
    super(scope, id);
    const { generation } = props;
    if (!Number.isInteger(generation) || generation < 1) throw new Error(`Token key generation must be 1 or more, got ${generation}`);
    this.secret = this.generationSecret(generation);
    this.previousSecret = generation > 1 ? this.generationSecret(generation - 1) : undefined;
    this.environmentValues = {
      current: this.secret.secretValue.unsafeUnwrap(),
      previous: this.previousSecret?.secretValue.unsafeUnwrap(),
    };
  }

  private generationSecret(generation: number): secretsmanager.Secret {
    const secret = new secretsmanager.Secret(this, `Generation${generation}`, {
      description: `Secret the accounting service seals its pagination tokens with, generation ${generation}`,
      // shared/config.ts requires at least 32 characters; 48 alphanumerics give ~285 bits.
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    });
    NagSuppressions.addResourceSuppressions(secret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Rotated by generation instead of in place: each rotation is a new secret, created by the deploy that hands it to ' +
          'the functions (they resolve it at deploy time), with the previous generation kept so its tokens stay valid. An ' +
          'in-place rotation would change a value the functions only read at their next deploy.',
      },
    ]);
    return secret;
  }
}
