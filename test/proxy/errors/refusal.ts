// The ProxyError a call was refused with, for tests of the proxy's rules that read its status,
// words and details; a call that was not refused, or failed with another error, fails the test.
import assert from 'node:assert/strict';
import { ProxyError } from '../../../src/proxy/errors/proxy-error.js';

export async function refusal(promise: Promise<unknown>): Promise<ProxyError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ProxyError, String(error));
    return error;
  }
  assert.fail('not refused');
}
