import { execFileSync } from 'node:child_process';

/** The journeys drive the built app, as users get it: build it once if web/ changed. */
export default function setup(): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-web.ts'], { stdio: 'inherit' });
}
