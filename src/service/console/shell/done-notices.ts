// What the console says after an action: the action redirects with `?done=ID` (so reloading the
// page repeats nothing), and the page shows the words for that id.
const DONE_NOTICES: Record<string, string> = {
  created: 'The petition is created.',
  updated: 'The petition is saved.',
  opened: 'The petition is open: it takes signatures.',
  closed: 'The petition is closed: it takes no more signatures.',
  hidden: 'The name is hidden from the public list. The signature still counts.',
  shown: 'The name is back in the public list, in its place by the time it was signed.',
  invalidated: 'The signature is invalidated: it no longer counts and is not listed.',
  erased: 'The signer’s personal data is erased and the counts are updated.',
  granted: 'The key request is granted. Its requester is told by callback.',
  denied: 'The key request is denied. Its requester is told by callback.',
  revoked: 'The key is revoked. Its requester is told by callback.',
  password: 'Your password is saved.',
  blocked: 'Added to the block list: signatures from it are refused from now on.',
  unblocked: 'Removed from the block list.',
  'bulk-invalidated': 'The matching signatures are invalidated: they no longer count and are not listed.',
  'bulk-undone': 'The bulk invalidation is undone: its signatures count again and are back in the list.',
  'paper-added': 'The paper signatures are added: they count and are listed with the others.',
  'paper-removed': 'The paper batch is removed: its signatures no longer count and have left the list.',
  'alert-dismissed': 'The alert is dismissed. It is raised again only after its group has been quiet for a whole window.',
  'retention-set': 'The retention period is saved.',
  'personal-data-erased': 'The signers’ personal data is erased. The count and the public list are unchanged.',
};

export function doneNotice(id: string | undefined): string | undefined {
  return id !== undefined && Object.hasOwn(DONE_NOTICES, id) ? DONE_NOTICES[id] : undefined;
}
