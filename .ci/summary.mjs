// Prints the closing line CI reads ("stage: N passed, N failed") from a Vitest JSON report,
// and fails when any test failed or none ran.
import { readFileSync } from 'node:fs';

const [stage, file] = process.argv.slice(2);
const report = JSON.parse(readFileSync(file, 'utf8'));
const passed = report.numPassedTests ?? 0;
// Failed suites count only when no test failed (a file that could not even load): a failed test also
// fails every suite around it, which would count it several times.
const failed = report.numFailedTests > 0 ? report.numFailedTests : (report.numFailedTestSuites ?? 0);
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`${stage}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
