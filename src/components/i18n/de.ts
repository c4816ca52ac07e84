// German messages of the elements (see messages.ts for the English and the ids).
import type { Catalogue } from './catalogue.js';

export default {
  // <petition-sign>: loading, counts, progress
  loadingPetition: 'Petition wird geladen…',
  signedCount: { one: '{count} Person hat unterschrieben', other: '{count} Personen haben unterschrieben' },
  progress: '{count} von {goal} Unterschriften',
  goal: 'Ziel: {goal}',
  nextMilestone: 'Nächstes Etappenziel: {goal}',
  // the form
  optional: '(optional)',
  errorPrefix: 'Fehler:',
  errorSummaryTitle: 'Es gibt ein Problem',
  selectCountry: 'Wählen Sie Ihr Land aus',
  submit: 'Diese Petition unterschreiben',
  sending: 'Ihre Unterschrift wird gesendet…',
  networkFailure:
    'Ihre Unterschrift konnte nicht gesendet werden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut; Ihre Eingaben bleiben erhalten.',
  tryAgain: 'Erneut versuchen',
  // refusals that name no field
  refusedHere: 'Diese Website kann im Moment keine Unterschriften für diese Petition sammeln.',
  petitionNotFound: 'Diese Petition wurde nicht gefunden.',
  tooLarge: 'Ihre Angaben sind zu lang. Kürzen Sie Ihre Begründung und versuchen Sie es erneut.',
  busy: 'Gerade werden zu viele Unterschriften gesendet. Versuchen Sie es in einer Minute erneut.',
  busySeconds: 'Gerade werden zu viele Unterschriften gesendet. Versuchen Sie es in {seconds} Sekunden erneut.',
  ourProblem:
    'Ihre Unterschrift konnte wegen eines Problems auf unserer Seite nicht gesendet werden. Versuchen Sie es später erneut.',
  // the operator's notice (the display obligation)
  notice:
    'Diese Petition wird von {operator} betrieben. Mit Ihrer Unterschrift akzeptieren Sie die {terms} und die {privacy} von {operator}.',
  terms: 'Nutzungsbedingungen',
  privacy: 'Datenschutzerklärung',
  // after signing
  thanksTitle: 'Vielen Dank – bitten Sie jetzt Ihren Freundeskreis um Unterstützung',
  thanksText: 'Ihre Unterschrift ist eingegangen und erscheint in Kürze bei der Petition.',
  thanksConfirm:
    'Noch ein Schritt: Wir haben Ihnen eine E-Mail geschickt. Öffnen Sie den Link darin, um Ihre Unterschrift zu bestätigen (sehen Sie in Ihrem Spam-Ordner nach, falls die E-Mail nicht angekommen ist).',
  shareLabel: 'Diese Petition teilen',
  share: 'Teilen…',
  shareByEmail: 'E-Mail',
  copyLink: 'Link kopieren',
  copied: 'Link kopiert',
  copyFailed: 'Kopieren Sie diesen Link:',
  // a petition that takes no signatures here
  closed: 'Diese Petition ist abgeschlossen.',
  closedCount: { one: '{count} Person hat sie unterschrieben.', other: '{count} Personen haben sie unterschrieben.' },
  keyPending: 'Dieses Formular öffnet sich, sobald die Verantwortlichen der Petition diese Website freigeben.',
  keyRefused: 'Diese Website kann keine Unterschriften mehr für diese Petition sammeln.',
  // when the element cannot work, in the page (the console says how to fix it)
  loadFailed: 'Die Petition konnte nicht geladen werden.',
  missingPetitionId: 'In diesem Petitionsformular fehlt die Nummer der Petition.',
  proxyUnreachable: 'Die Petition konnte nicht geladen werden: {url} hat nicht geantwortet.',
  originRefused: 'Die Petition kann auf dieser Website nicht angezeigt werden: {url} lässt {origin} nicht zu.',
  unknownPetition: 'Die Petition {id} ist bei {url} nicht verfügbar.',
  // field labels
  labelFirstName: 'Vorname',
  labelLastName: 'Nachname',
  labelEmail: 'E-Mail-Adresse',
  labelAddress: 'Adresse',
  labelCity: 'Ort',
  labelStateProvince: 'Bundesland oder Provinz',
  labelPostalCode: 'Postleitzahl',
  labelCountry: 'Land',
  labelPhone: 'Mobiltelefonnummer',
  labelReason: 'Warum unterschreiben Sie?',
  labelHidden: 'Meinen Namen nicht öffentlich anzeigen',
  // field problems
  requiredFirstName: 'Geben Sie Ihren Vornamen ein',
  requiredLastName: 'Geben Sie Ihren Nachnamen ein',
  requiredEmail: 'Geben Sie Ihre E-Mail-Adresse ein',
  requiredAddress: 'Geben Sie Ihre Adresse ein',
  requiredCity: 'Geben Sie Ihren Ort ein',
  requiredStateProvince: 'Geben Sie Ihr Bundesland oder Ihre Provinz ein',
  requiredPostalCode: 'Geben Sie Ihre Postleitzahl ein',
  requiredCountry: 'Wählen Sie Ihr Land aus',
  tooLong: '{label}: höchstens {max} Zeichen',
  tooLongReason: 'Ihre Begründung darf höchstens {max} Zeichen lang sein',
  emailFormat: 'Geben Sie eine E-Mail-Adresse im richtigen Format ein, etwa name@beispiel.de',
  unknownCountry: 'Wählen Sie Ihr Land aus der Liste aus',
  notBoolean: 'Wählen Sie aus, ob Ihr Name öffentlich angezeigt werden soll',
  noLetterFirstName: 'Ihr Vorname muss mindestens einen Buchstaben enthalten',
  noLetterLastName: 'Ihr Nachname muss mindestens einen Buchstaben enthalten',
  hiddenFirstName: 'Entfernen Sie die unsichtbaren Steuer- oder Textrichtungszeichen aus Ihrem Vornamen',
  hiddenLastName: 'Entfernen Sie die unsichtbaren Steuer- oder Textrichtungszeichen aus Ihrem Nachnamen',
  hiddenEmail: 'Entfernen Sie die unsichtbaren Steuer- oder Textrichtungszeichen aus Ihrer E-Mail-Adresse',
  hiddenAddress: 'Entfernen Sie die unsichtbaren Steuer- oder Textrichtungszeichen aus Ihrer Adresse',
  hiddenCity: 'Entfernen Sie die unsichtbaren Steuer- oder Textrichtungszeichen aus Ihrer Ortsangabe',
  hiddenStateProvince:
    'Entfernen Sie die unsichtbaren Steuer- oder Textrichtungszeichen aus der Angabe Ihres Bundeslands oder Ihrer Provinz',
  hiddenPostalCode: 'Entfernen Sie die unsichtbaren Steuer- oder Textrichtungszeichen aus Ihrer Postleitzahl',
  hiddenPhone: 'Entfernen Sie die unsichtbaren Steuer- oder Textrichtungszeichen aus Ihrer Telefonnummer',
  hiddenReason: 'Entfernen Sie die unsichtbaren Steuer- oder Textrichtungszeichen aus Ihrer Begründung',
  // <petition-signatures>
  loadingSignatures: 'Unterschriften werden geladen…',
  noSigners: 'Noch hat niemand unterschrieben. Unterschreiben Sie als Erste oder Erster.',
  signaturesFailed: 'Die Unterschriften konnten nicht geladen werden.',
  signatureTotal: { one: '{count} Unterschrift', other: '{count} Unterschriften' },
  newSignatures: { one: '{count} neue Unterschrift', other: '{count} neue Unterschriften' },
  pagesLabel: 'Seiten der Unterschriften',
  previous: 'Zurück',
  next: 'Weiter',
  pageOf: 'Seite {page} von {pages}',
} satisfies Catalogue;
