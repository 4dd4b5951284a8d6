import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { functionEntries } from '../../bench/bundles';
import { projectRoot } from '../../shared/local/project-root';

describe('the cold-start budget', () => {
  it('measures every function the stack deploys: each entry file under functions/ is one of its bundles', () => {
    const root = projectRoot();
    const onDisk = ['http', 'operator', 'background', 'consumers'].flatMap((folder) =>
      readdirSync(join(root, 'functions', folder))
        .filter((file) => file.endsWith('.ts'))
        .map((file) => join('functions', folder, file)),
    );
    const measured = functionEntries(root).map((entry) => join('functions', basename(join(entry.entry, '..')), basename(entry.entry)));

    expect([...measured].sort()).toEqual([...onDisk].sort());
  });
});
