// What the service itself says to a signer, in each of the signer languages (signer-language.ts):
// the confirmation email and the pages its link opens. Ids are stable; the words live only here.
import type { SignerLanguage } from './signer-language.js';

export interface SignerMessages {
  mailSubject: (title: string) => string;
  /**
   * Without the signer's name: the mail goes to an address nobody has proved yet, so it carries no
   * text a stranger typed (a name can hold a link: issue 18's mail-bombing attack).
   */
  mailGreeting: string;
  mailThanks: (title: string) => string;
  mailInstruction: string;
  mailExpiry: string;
  confirmTitle: string;
  confirmIntro: (title: string, name: string) => string;
  confirmExplain: string;
  confirmButton: string;
  confirmedTitle: string;
  confirmedText: (title: string) => string;
  invalidTitle: string;
  invalidText: string;
  closedTitle: string;
  closedText: string;
  /** The operator's block lists or a bulk invalidation took the signature before it was confirmed: not an outage, nothing to retry. */
  refusedTitle: string;
  refusedText: string;
  petitionLink: string;
}

export const SIGNER_MESSAGES: Record<SignerLanguage, SignerMessages> = {
  en: {
    mailSubject: (title) => `Confirm your signature: ${title}`,
    mailGreeting: 'Hello,',
    mailThanks: (title) => `Thank you for signing “${title}”.`,
    mailInstruction: 'Your signature counts once you confirm it. Open this link and press the button on the page:',
    mailExpiry: 'The link works for 7 days. If you did not sign this petition, ignore this email: without confirmation the signature is deleted.',
    confirmTitle: 'Confirm your signature',
    confirmIntro: (title, name) => `You signed “${title}” as ${name}.`,
    confirmExplain: 'Your signature counts once you confirm it.',
    confirmButton: 'Confirm my signature',
    confirmedTitle: 'Thank you: your signature is confirmed',
    confirmedText: (title) => `Your signature now counts for “${title}”.`,
    invalidTitle: 'This link does not work any more',
    invalidText:
      'It has been used already, it has expired (links work for 7 days), or a newer email replaced it. If your signature is not confirmed yet, sign the petition again to get a new link.',
    closedTitle: 'This petition is closed',
    closedText: 'It closed before your signature was confirmed, so your signature was not added.',
    refusedTitle: 'This signature cannot be accepted',
    refusedText: 'This petition’s organisers do not accept this signature, so it was not added. Trying again will not change that.',
    petitionLink: 'Go to the petition',
  },
  es: {
    mailSubject: (title) => `Confirma tu firma: ${title}`,
    mailGreeting: 'Hola:',
    mailThanks: (title) => `Gracias por firmar «${title}».`,
    mailInstruction: 'Tu firma cuenta en cuanto la confirmes. Abre este enlace y pulsa el botón de la página:',
    mailExpiry: 'El enlace funciona durante 7 días. Si no has firmado esta petición, ignora este correo: sin confirmación, la firma se elimina.',
    confirmTitle: 'Confirma tu firma',
    confirmIntro: (title, name) => `Has firmado «${title}» como ${name}.`,
    confirmExplain: 'Tu firma cuenta en cuanto la confirmes.',
    confirmButton: 'Confirmar mi firma',
    confirmedTitle: 'Gracias: tu firma está confirmada',
    confirmedText: (title) => `Tu firma ya cuenta para «${title}».`,
    invalidTitle: 'Este enlace ya no funciona',
    invalidText:
      'Ya se ha usado, ha caducado (los enlaces funcionan durante 7 días) o lo ha sustituido un correo más reciente. Si tu firma aún no está confirmada, vuelve a firmar la petición para recibir un enlace nuevo.',
    closedTitle: 'Esta petición está cerrada',
    closedText: 'Se cerró antes de que confirmaras tu firma, así que tu firma no se ha añadido.',
    refusedTitle: 'No se puede aceptar esta firma',
    refusedText: 'Los organizadores de esta petición no aceptan esta firma, así que no se ha añadido. Volver a intentarlo no lo cambiará.',
    petitionLink: 'Ir a la petición',
  },
  fr: {
    mailSubject: (title) => `Confirmez votre signature : ${title}`,
    mailGreeting: 'Bonjour,',
    mailThanks: (title) => `Merci d’avoir signé « ${title} ».`,
    mailInstruction: 'Votre signature compte dès que vous la confirmez. Ouvrez ce lien et appuyez sur le bouton de la page :',
    mailExpiry: 'Le lien fonctionne pendant 7 jours. Si vous n’avez pas signé cette pétition, ignorez ce message : sans confirmation, la signature est supprimée.',
    confirmTitle: 'Confirmez votre signature',
    confirmIntro: (title, name) => `Vous avez signé « ${title} » en tant que ${name}.`,
    confirmExplain: 'Votre signature compte dès que vous la confirmez.',
    confirmButton: 'Confirmer ma signature',
    confirmedTitle: 'Merci : votre signature est confirmée',
    confirmedText: (title) => `Votre signature compte désormais pour « ${title} ».`,
    invalidTitle: 'Ce lien ne fonctionne plus',
    invalidText:
      'Il a déjà été utilisé, il a expiré (les liens fonctionnent pendant 7 jours) ou un message plus récent l’a remplacé. Si votre signature n’est pas encore confirmée, signez à nouveau la pétition pour recevoir un nouveau lien.',
    closedTitle: 'Cette pétition est close',
    closedText: 'Elle a été close avant la confirmation de votre signature : celle-ci n’a donc pas été ajoutée.',
    refusedTitle: 'Cette signature ne peut pas être acceptée',
    refusedText: 'Les organisateurs de cette pétition n’acceptent pas cette signature : elle n’a donc pas été ajoutée. Réessayer n’y changera rien.',
    petitionLink: 'Aller à la pétition',
  },
  de: {
    mailSubject: (title) => `Bestätigen Sie Ihre Unterschrift: ${title}`,
    mailGreeting: 'Hallo,',
    mailThanks: (title) => `danke, dass Sie „${title}“ unterschrieben haben.`,
    mailInstruction: 'Ihre Unterschrift zählt, sobald Sie sie bestätigen. Öffnen Sie diesen Link und drücken Sie auf der Seite die Schaltfläche:',
    mailExpiry: 'Der Link gilt 7 Tage. Wenn Sie diese Petition nicht unterschrieben haben, ignorieren Sie diese E-Mail: Ohne Bestätigung wird die Unterschrift gelöscht.',
    confirmTitle: 'Bestätigen Sie Ihre Unterschrift',
    confirmIntro: (title, name) => `Sie haben „${title}“ als ${name} unterschrieben.`,
    confirmExplain: 'Ihre Unterschrift zählt, sobald Sie sie bestätigen.',
    confirmButton: 'Meine Unterschrift bestätigen',
    confirmedTitle: 'Danke: Ihre Unterschrift ist bestätigt',
    confirmedText: (title) => `Ihre Unterschrift zählt jetzt für „${title}“.`,
    invalidTitle: 'Dieser Link funktioniert nicht mehr',
    invalidText:
      'Er wurde schon benutzt, ist abgelaufen (Links gelten 7 Tage) oder wurde durch eine neuere E-Mail ersetzt. Wenn Ihre Unterschrift noch nicht bestätigt ist, unterschreiben Sie die Petition noch einmal, um einen neuen Link zu erhalten.',
    closedTitle: 'Diese Petition ist geschlossen',
    closedText: 'Sie wurde geschlossen, bevor Ihre Unterschrift bestätigt war, deshalb wurde Ihre Unterschrift nicht hinzugefügt.',
    refusedTitle: 'Diese Unterschrift kann nicht angenommen werden',
    refusedText: 'Die Organisatoren dieser Petition nehmen diese Unterschrift nicht an, deshalb wurde sie nicht hinzugefügt. Ein neuer Versuch ändert daran nichts.',
    petitionLink: 'Zur Petition',
  },
  it: {
    mailSubject: (title) => `Conferma la tua firma: ${title}`,
    mailGreeting: 'Ciao,',
    mailThanks: (title) => `grazie per aver firmato «${title}».`,
    mailInstruction: 'La tua firma conta non appena la confermi. Apri questo link e premi il pulsante nella pagina:',
    mailExpiry: 'Il link funziona per 7 giorni. Se non hai firmato questa petizione, ignora questa email: senza conferma la firma viene eliminata.',
    confirmTitle: 'Conferma la tua firma',
    confirmIntro: (title, name) => `Hai firmato «${title}» come ${name}.`,
    confirmExplain: 'La tua firma conta non appena la confermi.',
    confirmButton: 'Conferma la mia firma',
    confirmedTitle: 'Grazie: la tua firma è confermata',
    confirmedText: (title) => `Ora la tua firma conta per «${title}».`,
    invalidTitle: 'Questo link non funziona più',
    invalidText:
      'È già stato usato, è scaduto (i link funzionano per 7 giorni) oppure un’email più recente lo ha sostituito. Se la tua firma non è ancora confermata, firma di nuovo la petizione per ricevere un nuovo link.',
    closedTitle: 'Questa petizione è chiusa',
    closedText: 'È stata chiusa prima che la tua firma fosse confermata, quindi la tua firma non è stata aggiunta.',
    refusedTitle: 'Questa firma non può essere accettata',
    refusedText: 'Gli organizzatori di questa petizione non accettano questa firma, quindi non è stata aggiunta. Riprovare non cambierà le cose.',
    petitionLink: 'Vai alla petizione',
  },
  pt: {
    mailSubject: (title) => `Confirme a sua assinatura: ${title}`,
    mailGreeting: 'Olá:',
    mailThanks: (title) => `Obrigado por assinar «${title}».`,
    mailInstruction: 'A sua assinatura conta assim que a confirmar. Abra esta ligação e carregue no botão da página:',
    mailExpiry: 'A ligação funciona durante 7 dias. Se não assinou esta petição, ignore este email: sem confirmação, a assinatura é apagada.',
    confirmTitle: 'Confirme a sua assinatura',
    confirmIntro: (title, name) => `Assinou «${title}» como ${name}.`,
    confirmExplain: 'A sua assinatura conta assim que a confirmar.',
    confirmButton: 'Confirmar a minha assinatura',
    confirmedTitle: 'Obrigado: a sua assinatura está confirmada',
    confirmedText: (title) => `A sua assinatura já conta para «${title}».`,
    invalidTitle: 'Esta ligação já não funciona',
    invalidText:
      'Já foi usada, expirou (as ligações funcionam durante 7 dias) ou foi substituída por um email mais recente. Se a sua assinatura ainda não está confirmada, assine de novo a petição para receber uma nova ligação.',
    closedTitle: 'Esta petição está fechada',
    closedText: 'Foi fechada antes de a sua assinatura ser confirmada, por isso a sua assinatura não foi acrescentada.',
    refusedTitle: 'Esta assinatura não pode ser aceite',
    refusedText: 'Os organizadores desta petição não aceitam esta assinatura, por isso não foi acrescentada. Tentar de novo não muda isso.',
    petitionLink: 'Ir para a petição',
  },
  nl: {
    mailSubject: (title) => `Bevestig je handtekening: ${title}`,
    mailGreeting: 'Hallo,',
    mailThanks: (title) => `Bedankt voor het ondertekenen van ‘${title}’.`,
    mailInstruction: 'Je handtekening telt zodra je haar bevestigt. Open deze link en druk op de knop op de pagina:',
    mailExpiry: 'De link werkt 7 dagen. Heb je deze petitie niet ondertekend, negeer deze e-mail dan: zonder bevestiging wordt de handtekening verwijderd.',
    confirmTitle: 'Bevestig je handtekening',
    confirmIntro: (title, name) => `Je hebt ‘${title}’ ondertekend als ${name}.`,
    confirmExplain: 'Je handtekening telt zodra je haar bevestigt.',
    confirmButton: 'Mijn handtekening bevestigen',
    confirmedTitle: 'Bedankt: je handtekening is bevestigd',
    confirmedText: (title) => `Je handtekening telt nu mee voor ‘${title}’.`,
    invalidTitle: 'Deze link werkt niet meer',
    invalidText:
      'Hij is al gebruikt, is verlopen (links werken 7 dagen) of is vervangen door een nieuwere e-mail. Is je handtekening nog niet bevestigd, onderteken de petitie dan opnieuw om een nieuwe link te krijgen.',
    closedTitle: 'Deze petitie is gesloten',
    closedText: 'Ze werd gesloten voordat je handtekening bevestigd was, dus je handtekening is niet toegevoegd.',
    refusedTitle: 'Deze handtekening kan niet worden aanvaard',
    refusedText: 'De organisatoren van deze petitie aanvaarden deze handtekening niet, dus ze is niet toegevoegd. Opnieuw proberen verandert dat niet.',
    petitionLink: 'Naar de petitie',
  },
};
