// The mocha globals web-test-runner's test framework provides in the browser (no @types/mocha here).
declare function describe(title: string, suite: () => void): void;
declare function it(title: string, test: () => Promise<void> | void): void;
declare function beforeEach(hook: () => Promise<void> | void): void;
declare function afterEach(hook: () => Promise<void> | void): void;
