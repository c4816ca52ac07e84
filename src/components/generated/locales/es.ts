
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    import {html} from 'lit';
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      'ha817515f7ae0daa6': html`Esta petición funciona gracias a ${0}. Al firmar, acepta las <a href="${1}" target="_blank" rel="noopener noreferrer">condiciones del servicio</a> y la <a href="${2}" target="_blank" rel="noopener noreferrer">política de privacidad</a> de ${3}.`,
's02726a70b7bddf92': str`${0} persona ha firmado`,
's06c27a5f218a15e3': `Seleccione su país de la lista`,
's0a635fbff5782aa4': `Cargando firmas…`,
's0fbf6dc6a1966408': `Siguiente`,
's118928cca50c85fd': `Provincia o estado`,
's137af9f7040dc2d2': `(opcional)`,
's1937739ea43e11b0': `Introduzca su localidad`,
's1de06f0b772d6f68': `¿Por qué firma?`,
's24b69865f40c4993': `No mostrar mi nombre públicamente`,
's284ba483eaf15865': `Introduzca su nombre`,
's2d4b57e8aa32a1dc': `Enviando su firma…`,
's3059fc489122f225': `No se ha podido enviar su firma. Compruebe su conexión e inténtelo de nuevo; lo que ha escrito se conserva.`,
's38887b94b3320533': `Correo electrónico`,
's483169c26b28d9b3': `Código postal`,
's4960aeb72d818ab7': `Hay un problema`,
's4dc4db13d8d09fbc': `Introduzca su dirección`,
's5d23ba7c192e336d': `No se ha podido enviar su firma por un problema de nuestra parte. Inténtelo más tarde.`,
's6111e629c134223e': `Seleccione su país`,
's63bdfaf33b3ca868': `Cargando la petición…`,
's6dcbe27531fb644c': str`${0} firmas`,
's6e8059179423bfa0': `Apellidos`,
's6f6a4fb2b4393998': `Introduzca su código postal`,
's70ab5bb776df5e7c': `Introduzca su correo electrónico`,
's7d09afc329d9995b': str`Página ${0} de ${1}`,
's8620dffa53481e4b': str`Se están enviando demasiadas firmas en este momento. Inténtelo de nuevo dentro de ${0} segundos.`,
's88ac0d2679dfdb6a': `No se ha podido cargar la petición.`,
's8949bd4bf6da3a86': str`${0} personas han firmado`,
's90342403e7257f9b': `Páginas de firmas`,
's91326f8b03ef9042': `Introduzca su provincia o estado`,
's967fb047a6644e29': `Esta dirección de correo ya ha firmado esta petición`,
's9b94d49f820e8865': `Localidad`,
's9cf7402fe920f7d1': `País`,
's9ddbbb5caa316cf7': str`${0} firma`,
'sab459038e3c6bcb8': `Nombre`,
'sb05eac6313ad4f91': `Error:`,
'sb9679f980e03bfbc': `Introduzca un correo electrónico con el formato correcto, como nombre@ejemplo.com`,
'sbb3f7c4d1060cdce': `Hemos recibido su firma y aparecerá en la petición en breve.`,
'sbe26e7338c8bcf4a': `Firmar esta petición`,
'sbfe52076c26ab7b5': `Se están enviando demasiadas firmas en este momento. Inténtelo de nuevo dentro de un minuto.`,
'sc25d8f5441c8c69a': `Todavía no ha firmado nadie. Sea la primera persona en firmar.`,
'sc4cea90edd2fd50f': `Este sitio no puede recoger firmas para esta petición en este momento.`,
'sc9b71a4c5bd2380f': `Introduzca sus apellidos`,
'scbd396c09cb0d4f9': `No se han podido cargar las firmas.`,
'scd1dd6ff53d0d01a': `Intentar de nuevo`,
'sd1c21ef22621d5e0': `No se ha encontrado esta petición.`,
'sdb0423e851326c08': `Teléfono móvil`,
'se38b23298d62cf65': `Sus respuestas son demasiado largas. Acorte el motivo de su firma e inténtelo de nuevo.`,
'se5d13dc9c5c34d46': `Esta petición ya no admite firmas.`,
'sea655d323601aa45': str`Firma más reciente: ${0}`,
'sf259d7aabc046d8d': str`${0}: como máximo ${1} caracteres`,
'sf3ff78cc329d3528': `Anterior`,
'sf98696368c898f04': `Gracias por firmar`,
'sfcdd8e672c75b713': `Dirección`,
    };
  