import type { BackingServices } from '../../shared/local/backing-services';
import { servicesHandle } from './global-setup';

/** Stops what global-setup started, java included. */
export default async function globalTeardown(): Promise<void> {
  const slot = globalThis as Record<symbol, BackingServices | undefined>;
  await slot[servicesHandle]?.stop();
  delete slot[servicesHandle];
}
