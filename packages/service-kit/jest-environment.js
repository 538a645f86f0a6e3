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
  }

  handleTestEvent(event, state) {
    if (this.loadFactor <= 1) return;
    // Read by jest-circus right after these events: the test's or hook's own timeout, else the current default.
    if (event.name === 'test_fn_start') event.test.timeout = this.stretched(event.test.timeout ?? state.testTimeout);
    if (event.name === 'hook_start') event.hook.timeout = this.stretched(event.hook.timeout ?? state.testTimeout);
  }

  stretched(timeout) {
    return Math.round(timeout * this.loadFactor);
  }
}
