// Greek messages of the elements (see messages.ts for the English and the ids).
import type { Catalogue } from './catalogue.js';

export default {
  // <petition-sign>: loading, counts, progress
  loadingPetition: 'Φόρτωση του ψηφίσματος…',
  signedCount: { one: '{count} άτομο έχει υπογράψει', other: '{count} άτομα έχουν υπογράψει' },
  progress: '{count} από {goal} υπογραφές',
  goal: 'Στόχος: {goal}',
  nextMilestone: 'Επόμενος στόχος: {goal}',
  // the form
  optional: '(προαιρετικό)',
  errorPrefix: 'Σφάλμα:',
  errorSummaryTitle: 'Υπάρχει πρόβλημα',
  selectCountry: 'Επιλέξτε τη χώρα σας',
  submit: 'Υπογράψτε το ψήφισμα',
  sending: 'Η υπογραφή σας αποστέλλεται…',
  proofWaiting:
    'Η υπογραφή σας θα σταλεί σε λίγο, μόλις το πρόγραμμα περιήγησης ολοκληρώσει έναν σύντομο έλεγχο κατά των αυτοματοποιημένων υπογραφών.',
  networkFailure:
    'Δεν ήταν δυνατή η αποστολή της υπογραφής σας. Ελέγξτε τη σύνδεσή σας και δοκιμάστε ξανά· όσα συμπληρώσατε διατηρούνται.',
  tryAgain: 'Δοκιμάστε ξανά',
  // refusals that name no field
  refusedHere: 'Αυτός ο ιστότοπος δεν μπορεί να συλλέγει υπογραφές για αυτό το ψήφισμα αυτή τη στιγμή.',
  petitionNotFound: 'Δεν βρέθηκε αυτό το ψήφισμα.',
  tooLarge: 'Οι απαντήσεις σας είναι πολύ μεγάλες. Συντομεύστε τον λόγο της υπογραφής σας και δοκιμάστε ξανά.',
  busy: 'Αποστέλλονται πάρα πολλές υπογραφές αυτή τη στιγμή. Δοκιμάστε ξανά σε ένα λεπτό.',
  busySeconds: 'Αποστέλλονται πάρα πολλές υπογραφές αυτή τη στιγμή. Δοκιμάστε ξανά σε {seconds} δευτερόλεπτα.',
  ourProblem:
    'Δεν ήταν δυνατή η αποστολή της υπογραφής σας λόγω προβλήματος από την πλευρά μας. Δοκιμάστε ξανά αργότερα.',
  // the operator's notice (the display obligation)
  notice:
    'Αυτό το ψήφισμα λειτουργεί μέσω της υπηρεσίας {operator}. Υπογράφοντας, συμφωνείτε ότι ισχύουν για εσάς οι {terms} και η {privacy} της υπηρεσίας {operator}.',
  terms: 'όροι χρήσης',
  privacy: 'πολιτική απορρήτου',
  // after signing
  thanksTitle: 'Σας ευχαριστούμε! Ζητήστε τώρα από τους φίλους σας να υπογράψουν',
  thanksText: 'Η υπογραφή σας παραλήφθηκε και θα εμφανιστεί σύντομα στο ψήφισμα.',
  thanksConfirm:
    'Ένα ακόμη βήμα: σας στείλαμε ένα email. Ανοίξτε τον σύνδεσμο που περιέχει για να επιβεβαιώσετε την υπογραφή σας (αν δεν έχει φτάσει, ελέγξτε τον φάκελο ανεπιθύμητης αλληλογραφίας).',
  withdraw: 'Δεν είστε εσείς; Ανάκληση αυτής της υπογραφής',
  shareLabel: 'Κοινοποίηση του ψηφίσματος',
  share: 'Κοινοποίηση…',
  shareByEmail: 'Email',
  copyLink: 'Αντιγραφή συνδέσμου',
  copied: 'Ο σύνδεσμος αντιγράφηκε',
  copyFailed: 'Αντιγράψτε αυτόν τον σύνδεσμο:',
  // a petition that takes no signatures here
  closed: 'Αυτό το ψήφισμα έχει κλείσει.',
  closedCount: { one: 'Το υπέγραψε {count} άτομο.', other: 'Το υπέγραψαν {count} άτομα.' },
  keyPending: 'Αυτή η φόρμα θα ανοίξει μόλις οι διοργανωτές του ψηφίσματος εγκρίνουν αυτόν τον ιστότοπο.',
  keyRefused: 'Αυτός ο ιστότοπος δεν μπορεί πλέον να συλλέγει υπογραφές για αυτό το ψήφισμα.',
  // when the element cannot work, in the page (the console says how to fix it)
  loadFailed: 'Δεν ήταν δυνατή η φόρτωση του ψηφίσματος.',
  missingPetitionId: 'Σε αυτή τη φόρμα λείπει ο αριθμός του ψηφίσματος.',
  proxyUnreachable: 'Δεν ήταν δυνατή η φόρτωση του ψηφίσματος: ο διακομιστής {url} δεν απάντησε.',
  originRefused:
    'Το ψήφισμα δεν μπορεί να εμφανιστεί σε αυτόν τον ιστότοπο: ο διακομιστής {url} δεν επιτρέπει την προέλευση {origin}.',
  unknownPetition: 'Το ψήφισμα {id} δεν είναι διαθέσιμο από τον διακομιστή {url}.',
  // field labels
  labelFirstName: 'Όνομα',
  labelLastName: 'Επώνυμο',
  labelEmail: 'Διεύθυνση email',
  labelAddress: 'Διεύθυνση',
  labelCity: 'Πόλη ή χωριό',
  labelStateProvince: 'Περιφέρεια ή επαρχία',
  labelPostalCode: 'Ταχυδρομικός κώδικας',
  labelCountry: 'Χώρα',
  labelPhone: 'Αριθμός κινητού τηλεφώνου',
  labelReason: 'Γιατί υπογράφετε;',
  labelHidden: 'Να μην εμφανίζεται δημόσια το όνομά μου',
  // labels that fit the country's addresses (from the address dataset: src/shared/addresses/)
  labelZipCode: 'Κωδικός ZIP',
  labelPinCode: 'Κωδικός PIN',
  labelEircode: 'Eircode',
  labelState: 'Πολιτεία',
  labelProvince: 'Επαρχία',
  labelCounty: 'Κομητεία',
  labelPrefecture: 'Νομός',
  labelDepartment: 'Διαμέρισμα',
  labelDistrict: 'Περιφέρεια',
  labelEmirate: 'Εμιράτο',
  labelIsland: 'Νησί',
  labelOblast: 'Ομπλάστ',
  labelParish: 'Ενορία',
  labelArea: 'Περιοχή',
  labelDoSi: 'Do/Si',
  // the first, empty choice of the state/province list
  selectSubdivision: 'Επιλέξτε…',
  // field problems
  requiredFirstName: 'Εισαγάγετε το όνομά σας',
  requiredLastName: 'Εισαγάγετε το επώνυμό σας',
  requiredEmail: 'Εισαγάγετε τη διεύθυνση email σας',
  requiredAddress: 'Εισαγάγετε τη διεύθυνσή σας',
  requiredCity: 'Εισαγάγετε την πόλη ή το χωριό σας',
  requiredStateProvince: 'Εισαγάγετε την περιφέρεια ή την επαρχία σας',
  requiredPostalCode: 'Εισαγάγετε τον ταχυδρομικό σας κώδικα',
  requiredCountry: 'Επιλέξτε τη χώρα σας',
  tooLong: '{label}: έως {max} χαρακτήρες',
  tooLongReason: 'Ο λόγος της υπογραφής σας μπορεί να έχει έως {max} χαρακτήρες',
  emailFormat: 'Εισαγάγετε μια διεύθυνση email στη σωστή μορφή, όπως name@example.com',
  unknownCountry: 'Επιλέξτε τη χώρα σας από τη λίστα',
  notBoolean: 'Επιλέξτε αν θα εμφανίζεται δημόσια το όνομά σας',
  // {label} is the field's label as shown ("State", "Province"); {example} a valid postal code
  chooseSubdivision: '{label}: επιλέξτε μια τιμή από τη λίστα',
  postalCodeFormat: 'Εισαγάγετε έναν ταχυδρομικό κώδικα όπως {example}',
  noLetterFirstName: 'Το όνομα πρέπει να περιέχει τουλάχιστον ένα γράμμα',
  noLetterLastName: 'Το επώνυμο πρέπει να περιέχει τουλάχιστον ένα γράμμα',
  hiddenFirstName: 'Αφαιρέστε τους κρυφούς χαρακτήρες ελέγχου ή κατεύθυνσης κειμένου από το όνομά σας',
  hiddenLastName: 'Αφαιρέστε τους κρυφούς χαρακτήρες ελέγχου ή κατεύθυνσης κειμένου από το επώνυμό σας',
  hiddenEmail: 'Αφαιρέστε τους κρυφούς χαρακτήρες ελέγχου ή κατεύθυνσης κειμένου από τη διεύθυνση email σας',
  hiddenAddress: 'Αφαιρέστε τους κρυφούς χαρακτήρες ελέγχου ή κατεύθυνσης κειμένου από τη διεύθυνσή σας',
  hiddenCity: 'Αφαιρέστε τους κρυφούς χαρακτήρες ελέγχου ή κατεύθυνσης κειμένου από την πόλη ή το χωριό σας',
  hiddenStateProvince:
    'Αφαιρέστε τους κρυφούς χαρακτήρες ελέγχου ή κατεύθυνσης κειμένου από την περιφέρεια ή την επαρχία σας',
  hiddenPostalCode: 'Αφαιρέστε τους κρυφούς χαρακτήρες ελέγχου ή κατεύθυνσης κειμένου από τον ταχυδρομικό σας κώδικα',
  hiddenPhone: 'Αφαιρέστε τους κρυφούς χαρακτήρες ελέγχου ή κατεύθυνσης κειμένου από τον αριθμό τηλεφώνου σας',
  hiddenReason: 'Αφαιρέστε τους κρυφούς χαρακτήρες ελέγχου ή κατεύθυνσης κειμένου από τον λόγο της υπογραφής σας',
  // <petition-signatures>
  loadingSignatures: 'Φόρτωση υπογραφών…',
  noSigners: 'Κανείς δεν έχει υπογράψει ακόμη. Η δική σας υπογραφή μπορεί να είναι η πρώτη.',
  // where the petition takes no signatures (closed, or this website's key not granted): no invitation
  noSignersYet: 'Κανείς δεν έχει υπογράψει ακόμη.',
  signaturesFailed: 'Δεν ήταν δυνατή η φόρτωση των υπογραφών.',
  signatureTotal: { one: '{count} υπογραφή', other: '{count} υπογραφές' },
  newSignatures: { one: '{count} νέα υπογραφή', other: '{count} νέες υπογραφές' },
  pagesLabel: 'Σελίδες υπογραφών',
  previous: 'Προηγούμενη',
  next: 'Επόμενη',
  pageOf: 'Σελίδα {page} από {pages}',
} satisfies Catalogue;
