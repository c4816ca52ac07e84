// The event <petition-sign> fires once a signature is queued. Its detail names the petition
// only: no personal data leaves the element.

export interface PetitionSignedDetail {
  petitionId: number;
}

export class PetitionSignedEvent extends Event {
  static readonly eventName = 'petition-signed';
  readonly detail: PetitionSignedDetail;

  constructor(detail: PetitionSignedDetail) {
    super(PetitionSignedEvent.eventName, { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'petition-signed': PetitionSignedEvent;
  }
}
