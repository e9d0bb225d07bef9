// Builds the browser app the browser tests serve (`ensureBuild`), ahead of them: `.ci/run` runs this
// once lint has ended, while the native module still compiles on one core and the other would be
// idle. The browser phase then finds the build of these sources and starts its files at once.
import { ensureBuild } from './harness';

console.log(await ensureBuild());
