// The proof-of-work tests' solver: fetches a petition's challenge from the proxy and solves it
// with altcha-lib's own v1 solver, as any client may.
import { solveChallenge } from 'altcha-lib/v1';
import type { Challenge, Proof } from '../../../src/shared/proof.js';
import type { Stack } from '../stack.js';

export async function challengeFor(stack: Stack, petitionId: number): Promise<Challenge> {
  const answer = await stack.call('GET', `/api/petitions/${petitionId}/challenge`);
  if (answer.status !== 200) throw new Error(`challenge: ${answer.status} ${answer.body}`);
  return answer.json() as Challenge;
}

export async function solve(challenge: Challenge): Promise<Proof> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('no solution');
  const { algorithm, salt, signature } = challenge;
  return { algorithm, challenge: challenge.challenge, number: solution.number, salt, signature };
}

/** A fresh challenge of the petition's, solved. */
export async function proofFor(stack: Stack, petitionId: number): Promise<Proof> {
  return solve(await challengeFor(stack, petitionId));
}
