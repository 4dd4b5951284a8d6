/**
 * Lambda runs this service on Node 24; the local tools run on Node 20.19+ too.
 * On Node 20 the AWS SDK warns, in every process that creates a client, that
 * its releases after January 2027 need Node 22. Said once, by the process a
 * person started: the variable set here silences the SDK in this process and
 * in every child it starts (jest workers, bench probes, npm start's own).
 */
export function noteNodeVersionOnce(say: (line: string) => void): void {
  const silenced = 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED';
  if (process.env[silenced] === 'true') return;
  process.env[silenced] = 'true';
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 22) {
    say(`Note: Node ${process.versions.node}. Lambda runs Node 24; AWS SDK releases after January 2027 need Node 22 or later.`);
  }
}
