// What the operator does about a key request the service refused. The commonest refusal is a
// first setup on one machine: the service will not post a key to a loopback or private address
// (a proxy could otherwise aim it at the service's own network), so the callback URL the proxy
// derives from its publicUrl is refused until one of the two sides changes.

/** Where the service posts the key's outcome: derived from publicUrl, so it is the proxy's own. */
export function callbackEndpointOf(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/callbacks/auth-keys`;
}

/** The service's messages about the callback_endpoint, from a refusal's messages. */
export function callbackRefusals(messages: readonly string[]): string[] {
  return messages.filter((message) => message.startsWith('callback_endpoint:'));
}

/** The remedy for a refusal with these messages, or undefined when the fix is the config's field. */
export function keyRequestRemedy(messages: readonly string[]): string | undefined {
  const callback = callbackRefusals(messages);
  if (callback.some((message) => /loopback|private|localhost|reserved/.test(message))) {
    return (
      'the service refuses to post the key to a loopback or private address: with both on one machine, ' +
      'run the service with --allow-private-callbacks; otherwise give the proxy a publicUrl the service reaches at a public address'
    );
  }
  if (callback.length > 0) return 'give the proxy a publicUrl whose host the service can resolve';
  return undefined;
}
