import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { defineAccountingApp } from '../lib/accounting-app';
import { EnvironmentChoiceError } from '../lib/deployment-environment';
import { quietBundling } from './bundling-progress';

// `-c env=dev|staging|prod` is required (lib/deployment-environment.ts); without it, one line says so, not a stack trace.
const bundling = quietBundling(process.stderr);
process.once('exit', () => bundling.finish());
try {
  defineAccountingApp(new App(), fileURLToPath(new URL('..', import.meta.url)));
} catch (error) {
  if (!(error instanceof EnvironmentChoiceError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
