import { Fn, SecretValue } from 'aws-cdk-lib';
import { NagSuppressions } from 'cdk-nag';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

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
   * The keys' secret the functions read: the current key, then the previous one
   * after a rotation, comma-separated (the keys are alphanumeric). CloudFormation
   * writes it from the generations' secrets, so each function's TOKEN_SIGNING_KEY
   * is one dynamic reference (`{{resolve:secretsmanager:...}}`, resolved at deploy
   * time) whatever the generation: a template holds at most 60 (CloudFormation
   * User Guide, "Using dynamic references": "You can include up to 60 dynamic
   * references in a stack template"), and one per key per function took a family
   * of 31 routes past it at the first rotation. A secret of its own per
   * generation, so a rotation changes the reference and its deploy hands every
   * function the keys it created. Chosen over reading the secrets at run time so
   * a cold start does no network I/O and the functions need no
   * `secretsmanager:GetSecretValue`. The price: the keys are visible to whoever
   * may read the functions' configuration.
   */
  readonly keys: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: TokenSigningKeyProps) {
    super(scope, id);
    const { generation } = props;
    if (!Number.isInteger(generation) || generation < 1) throw new Error(`Token key generation must be 1 or more, got ${generation}`);
    this.secret = this.generationSecret(generation);
    this.previousSecret = generation > 1 ? this.generationSecret(generation - 1) : undefined;
    const values = [this.secret, ...(this.previousSecret ? [this.previousSecret] : [])].map((secret) => secret.secretValue.unsafeUnwrap());
    this.keys = new secretsmanager.Secret(this, `KeysOfGeneration${generation}`, {
      description: `The keys the accounting service opens its pagination tokens with, generation ${generation} and the one before`,
      secretStringValue: SecretValue.unsafePlainText(Fn.join(',', values)),
    });
    NagSuppressions.addResourceSuppressions(this.keys, [
      { id: 'AwsSolutions-SMG4', reason: 'Written by CloudFormation from the generations\' secrets: a rotation is a new generation, and a new secret of keys.' },
    ]);
  }

  /** The value of the functions' TOKEN_SIGNING_KEY: one deploy-time dynamic reference to the keys' secret. */
  get environmentValue(): string {
    return this.keys.secretValue.unsafeUnwrap();
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
