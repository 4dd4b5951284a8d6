// Ends the run with the plain closing line CI reads: "tests: N passed, N failed".
class SummaryReporter {
  onRunComplete(_contexts, results) {
    console.log(`tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed`);
  }
}
module.exports = SummaryReporter;
