// The test environment of jest-preset.js: Node's, with every timeout stretched by how busy the machine is.
// A timeout is sized for a quiet machine (the default one, one a test names itself: `it(name, fn, 120_000)`,
// a hook's, `jest.setTimeout`); CI runs beside other work, where a test that waits for a child process or a
// compile fails only because the machine is slow. The factor is the preset's, read once when jest starts and
// passed in testEnvironmentOptions.
import { TestEnvironment } from 'jest-environment-node';

export default class PatientEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.loadFactor = Number(config.projectConfig.testEnvironmentOptions?.loadFactor ?? 1);
    this.written = new WeakMap();
  }

  handleTestEvent(event, state) {
    if (this.loadFactor <= 1) return;
    // Read by jest-circus right after these events: the test's or hook's own timeout, else the current default.
    if (event.name === 'test_fn_start') this.stretch(event.test, state);
    if (event.name === 'hook_start') this.stretch(event.hook, state);
  }

  /** From the timeout as written each time: one beforeEach hook (or a retried test) starts many times. */
  stretch(testOrHook, state) {
    if (!this.written.has(testOrHook)) this.written.set(testOrHook, testOrHook.timeout);
    const timeout = this.written.get(testOrHook) ?? state.testTimeout;
    testOrHook.timeout = Math.round(timeout * this.loadFactor);
  }
}
