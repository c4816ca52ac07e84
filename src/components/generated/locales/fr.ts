
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    import {html} from 'lit';
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      'ha817515f7ae0daa6': html`Cette pétition est propulsée par ${0}. En signant, vous acceptez les <a href="${1}" target="_blank" rel="noopener noreferrer">conditions d’utilisation</a> et la <a href="${2}" target="_blank" rel="noopener noreferrer">politique de confidentialité</a> de ${3}.`,
's02726a70b7bddf92': str`${0} personne a signé`,
's06c27a5f218a15e3': `Sélectionnez votre pays dans la liste`,
's0a635fbff5782aa4': `Chargement des signatures…`,
's0fbf6dc6a1966408': `Suivant`,
's118928cca50c85fd': `Région ou province`,
's137af9f7040dc2d2': `(facultatif)`,
's1937739ea43e11b0': `Saisissez votre ville`,
's1de06f0b772d6f68': `Pourquoi signez-vous ?`,
's24b69865f40c4993': `Ne pas afficher mon nom publiquement`,
's284ba483eaf15865': `Saisissez votre prénom`,
's2d4b57e8aa32a1dc': `Envoi de votre signature…`,
's3059fc489122f225': `Votre signature n'a pas pu être envoyée. Vérifiez votre connexion et réessayez ; ce que vous avez saisi est conservé.`,
's38887b94b3320533': `Adresse e-mail`,
's483169c26b28d9b3': `Code postal`,
's4960aeb72d818ab7': `Il y a un problème`,
's4dc4db13d8d09fbc': `Saisissez votre adresse`,
's5d23ba7c192e336d': `Votre signature n'a pas pu être envoyée à cause d'un problème de notre côté. Réessayez plus tard.`,
's6111e629c134223e': `Sélectionnez votre pays`,
's63bdfaf33b3ca868': `Chargement de la pétition…`,
's6dcbe27531fb644c': str`${0} signatures`,
's6e8059179423bfa0': `Nom`,
's6f6a4fb2b4393998': `Saisissez votre code postal`,
's70ab5bb776df5e7c': `Saisissez votre adresse e-mail`,
's7d09afc329d9995b': str`Page ${0} sur ${1}`,
's8620dffa53481e4b': str`Trop de signatures sont envoyées en ce moment. Réessayez dans ${0} secondes.`,
's88ac0d2679dfdb6a': `La pétition n'a pas pu être chargée.`,
's8949bd4bf6da3a86': str`${0} personnes ont signé`,
's90342403e7257f9b': `Pages de signatures`,
's91326f8b03ef9042': `Saisissez votre région ou province`,
's967fb047a6644e29': `Cette adresse e-mail a déjà signé cette pétition`,
's9b94d49f820e8865': `Ville`,
's9cf7402fe920f7d1': `Pays`,
's9ddbbb5caa316cf7': str`${0} signature`,
'sab459038e3c6bcb8': `Prénom`,
'sb05eac6313ad4f91': `Erreur :`,
'sb9679f980e03bfbc': `Saisissez une adresse e-mail au bon format, comme nom@exemple.fr`,
'sbb3f7c4d1060cdce': `Votre signature a bien été reçue et apparaîtra bientôt sur la pétition.`,
'sbe26e7338c8bcf4a': `Signer cette pétition`,
'sbfe52076c26ab7b5': `Trop de signatures sont envoyées en ce moment. Réessayez dans une minute.`,
'sc25d8f5441c8c69a': `Personne n'a encore signé. Soyez le premier à signer.`,
'sc4cea90edd2fd50f': `Ce site ne peut pas recueillir de signatures pour cette pétition pour le moment.`,
'sc9b71a4c5bd2380f': `Saisissez votre nom`,
'scbd396c09cb0d4f9': `Les signatures n'ont pas pu être chargées.`,
'scd1dd6ff53d0d01a': `Réessayer`,
'sd1c21ef22621d5e0': `Cette pétition est introuvable.`,
'sdb0423e851326c08': `Numéro de téléphone portable`,
'se38b23298d62cf65': `Vos réponses sont trop longues. Raccourcissez la raison de votre signature et réessayez.`,
'se5d13dc9c5c34d46': `Cette pétition n'accepte plus de signatures.`,
'sea655d323601aa45': str`Signature la plus récente : ${0}`,
'sf259d7aabc046d8d': str`${0} : ${1} caractères au maximum`,
'sf3ff78cc329d3528': `Précédent`,
'sf98696368c898f04': `Merci d’avoir signé`,
'sfcdd8e672c75b713': `Adresse`,
    };
  