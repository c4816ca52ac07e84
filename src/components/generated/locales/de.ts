
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    import {html} from 'lit';
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      'ha817515f7ae0daa6': html`Diese Petition wird von ${0} betrieben. Mit Ihrer Unterschrift akzeptieren Sie die <a href="${1}" target="_blank" rel="noopener noreferrer">Nutzungsbedingungen</a> und die <a href="${2}" target="_blank" rel="noopener noreferrer">Datenschutzerklärung</a> von ${3}.`,
's02726a70b7bddf92': str`${0} Person hat unterschrieben`,
's06c27a5f218a15e3': `Wählen Sie Ihr Land aus der Liste aus`,
's0a635fbff5782aa4': `Unterschriften werden geladen…`,
's0fbf6dc6a1966408': `Weiter`,
's118928cca50c85fd': `Bundesland oder Provinz`,
's137af9f7040dc2d2': `(optional)`,
's1937739ea43e11b0': `Geben Sie Ihren Ort ein`,
's1de06f0b772d6f68': `Warum unterschreiben Sie?`,
's24b69865f40c4993': `Meinen Namen nicht öffentlich anzeigen`,
's284ba483eaf15865': `Geben Sie Ihren Vornamen ein`,
's2d4b57e8aa32a1dc': `Ihre Unterschrift wird gesendet…`,
's3059fc489122f225': `Ihre Unterschrift konnte nicht gesendet werden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut; Ihre Eingaben bleiben erhalten.`,
's38887b94b3320533': `E-Mail-Adresse`,
's483169c26b28d9b3': `Postleitzahl`,
's4960aeb72d818ab7': `Es gibt ein Problem`,
's4dc4db13d8d09fbc': `Geben Sie Ihre Adresse ein`,
's5d23ba7c192e336d': `Ihre Unterschrift konnte wegen eines Problems auf unserer Seite nicht gesendet werden. Versuchen Sie es später erneut.`,
's6111e629c134223e': `Wählen Sie Ihr Land aus`,
's63bdfaf33b3ca868': `Petition wird geladen…`,
's6dcbe27531fb644c': str`${0} Unterschriften`,
's6e8059179423bfa0': `Nachname`,
's6f6a4fb2b4393998': `Geben Sie Ihre Postleitzahl ein`,
's70ab5bb776df5e7c': `Geben Sie Ihre E-Mail-Adresse ein`,
's7d09afc329d9995b': str`Seite ${0} von ${1}`,
's8620dffa53481e4b': str`Gerade werden zu viele Unterschriften gesendet. Versuchen Sie es in ${0} Sekunden erneut.`,
's88ac0d2679dfdb6a': `Die Petition konnte nicht geladen werden.`,
's8949bd4bf6da3a86': str`${0} Personen haben unterschrieben`,
's90342403e7257f9b': `Seiten der Unterschriften`,
's91326f8b03ef9042': `Geben Sie Ihr Bundesland oder Ihre Provinz ein`,
's967fb047a6644e29': `Mit dieser E-Mail-Adresse wurde diese Petition bereits unterschrieben`,
's9b94d49f820e8865': `Ort`,
's9cf7402fe920f7d1': `Land`,
's9ddbbb5caa316cf7': str`${0} Unterschrift`,
'sab459038e3c6bcb8': `Vorname`,
'sb05eac6313ad4f91': `Fehler:`,
'sb9679f980e03bfbc': `Geben Sie eine E-Mail-Adresse im richtigen Format ein, etwa name@beispiel.de`,
'sbb3f7c4d1060cdce': `Ihre Unterschrift ist eingegangen und erscheint in Kürze bei der Petition.`,
'sbe26e7338c8bcf4a': `Diese Petition unterschreiben`,
'sbfe52076c26ab7b5': `Gerade werden zu viele Unterschriften gesendet. Versuchen Sie es in einer Minute erneut.`,
'sc25d8f5441c8c69a': `Noch hat niemand unterschrieben. Unterschreiben Sie als Erste oder Erster.`,
'sc4cea90edd2fd50f': `Diese Website kann im Moment keine Unterschriften für diese Petition sammeln.`,
'sc9b71a4c5bd2380f': `Geben Sie Ihren Nachnamen ein`,
'scbd396c09cb0d4f9': `Die Unterschriften konnten nicht geladen werden.`,
'scd1dd6ff53d0d01a': `Erneut versuchen`,
'sd1c21ef22621d5e0': `Diese Petition wurde nicht gefunden.`,
'sdb0423e851326c08': `Mobiltelefonnummer`,
'se38b23298d62cf65': `Ihre Angaben sind zu lang. Kürzen Sie Ihre Begründung und versuchen Sie es erneut.`,
'se5d13dc9c5c34d46': `Diese Petition nimmt keine Unterschriften mehr an.`,
'sea655d323601aa45': str`Neueste Unterschrift: ${0}`,
'sf259d7aabc046d8d': str`${0}: höchstens ${1} Zeichen`,
'sf3ff78cc329d3528': `Zurück`,
'sf98696368c898f04': `Danke für Ihre Unterschrift`,
'sfcdd8e672c75b713': `Adresse`,
    };
  