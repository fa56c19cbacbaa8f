import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Ends the run with one plain line CI can show as it is, e.g.
 * `E2E PASSED: 27 passed, 0 failed, 0 flaky, 0 skipped in 143 s`.
 */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<string, ReturnType<TestCase['outcome']>>();
  private failedTitles: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test.id, test.outcome());
    if (result.status !== 'passed' && result.status !== 'skipped' && test.outcome() === 'unexpected') {
      this.failedTitles.push(test.titlePath().slice(2).join(' › '));
    }
  }

  onEnd(result: FullResult): void {
    const count = (outcome: string) => [...this.outcomes.values()].filter((o) => o === outcome).length;
    const failed = [...new Set(this.failedTitles)];
    const lines = failed.map((title) => `  failed: ${title}`);
    if (failed.length > 0) lines.push('  traces: npx playwright show-trace e2e/artifacts/results/<test>/trace.zip');
    lines.push(
      `E2E ${result.status.toUpperCase()}: ${count('expected')} passed, ${count('unexpected')} failed, ` +
        `${count('flaky')} flaky, ${count('skipped')} skipped in ${Math.round(result.duration / 1000)} s`,
    );
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
