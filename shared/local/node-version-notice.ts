/**
 * Lambda runs this service on Node 24; the local tools run on Node 20.19+ too.
 * On Node 20 the AWS SDK warns, in every process that creates a client, that
 * its releases after January 2027 need Node 22. Said once, by the long-running
 * process a person starts (`npm start`, `npm run bench`): the variable set here
 * silences the SDK in this process and in every child it starts (jest workers,
 * bench probes, npm start's own). Short commands run beside it (the admin CLI)
 * only silence it: the person has read it already.
 */
export function noteNodeVersionOnce(say: (line: string) => void): void {
  if (silenceNodeVersionWarning() && nodeMajor() < 22) {
    say(`Note: Node ${process.versions.node}. Lambda runs Node 24; AWS SDK releases after January 2027 need Node 22 or later.`);
  }
}

/** Keeps the AWS SDK's Node version warning out of this process and its children; false if it was silenced already. */
export function silenceNodeVersionWarning(): boolean {
  const silenced = 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED';
  if (process.env[silenced] === 'true') return false;
  process.env[silenced] = 'true';
  return true;
}

function nodeMajor(): number {
  return Number(process.versions.node.split('.')[0]);
}
