import { ERRORS, type ErrorName } from './errors.js';
import type { FieldError } from './forms.js';

/**
 * The user messages of the error catalogue (errors.ts) in every language the portal speaks besides English.
 * A server module only: the web shows what the server answered, so these texts never reach a browser bundle.
 * Every entry has every language (the type says so, and errors.test.ts checks texts and placeholders).
 */
export const ERROR_LANGUAGES = ['en', 'sw', 'ha', 'yo', 'ig', 'pcm'] as const;
export type ErrorLanguage = (typeof ERROR_LANGUAGES)[number];
type Translations = Record<Exclude<ErrorLanguage, 'en'>, string>;

const WRONG = {
  sw: 'Hitilafu imetokea!',
  ha: 'An samu matsala!',
  yo: 'Nǹkan kan ṣàṣìṣe!',
  ig: 'Ihe adịghị mma mere!',
  pcm: 'Something don spoil!',
};
const BAD_NUMBER = {
  sw: 'Namba ya simu si sahihi',
  ha: 'Lambar waya ba daidai ba ce',
  yo: 'Nọ́mbà fóònù kò tọ̀nà',
  ig: 'Nọmba ekwentị ezighi ezi',
  pcm: 'Dis phone number no correct',
};

export const ERROR_TEXTS: Record<ErrorName, Translations> = {
  BAD_REQUEST: {
    sw: 'Ombi si sahihi',
    ha: 'Buƙatar ba daidai ba ce',
    yo: 'Ìbéèrè náà kò tọ̀nà',
    ig: 'Arịrịọ a ezighi ezi',
    pcm: 'Dis request no correct',
  },
  BAD_CHARACTERS: {
    sw: 'Ombi lina herufi zisizoruhusiwa.',
    ha: 'Buƙatar tana da haruffan da ba a yarda da su ba.',
    yo: 'Àwọn lẹ́tà kan wà nínú ìbéèrè náà tí a kò gbà.',
    ig: 'Arịrịọ a nwere mkpụrụedemede a na-anabataghị.',
    pcm: 'Some letters wey we no dey accept dey inside wetin you send.',
  },
  NOT_FOUND: {
    sw: 'Haikupatikana',
    ha: 'Ba a samu ba',
    yo: 'A kò rí i',
    ig: 'Ahụghị ya',
    pcm: 'We no see am',
  },
  METHOD_NOT_ALLOWED: {
    sw: 'Anwani hii haipokei ombi la aina hii.',
    ha: 'Wannan adireshin ba ya karɓar irin wannan buƙata.',
    yo: 'Àdírẹ́sì yìí kò gba irú ìbéèrè yìí.',
    ig: 'Adreesị a anaghị anabata ụdị arịrịọ a.',
    pcm: 'Dis address no dey take dis kind request.',
  },
  TOO_LARGE: {
    sw: 'Ombi ni kubwa mno.',
    ha: 'Buƙatar ta yi girma da yawa.',
    yo: 'Ìbéèrè náà ti tóbi jù.',
    ig: 'Arịrịọ a buru oke ibu.',
    pcm: 'Dis request too big.',
  },
  RATE_LIMITED: {
    sw: 'Maombi ni mengi mno, tafadhali jaribu tena baadaye.',
    ha: 'Buƙatu sun yi yawa, don Allah a sake gwadawa anjima.',
    yo: 'Ìbéèrè ti pọ̀ jù, ẹ jọ̀ọ́ ẹ gbìyànjú lẹ́yìn ìgbà díẹ̀.',
    ig: 'Arịrịọ ebuzuola oke, biko nwaa ọzọ ma oge gafee.',
    pcm: 'Too many request, abeg try again small time after.',
  },
  RATE_LIMITED_FOR: {
    sw: 'Maombi ni mengi mno, tafadhali jaribu tena baada ya sekunde {seconds}.',
    ha: 'Buƙatu sun yi yawa, don Allah a sake gwadawa bayan daƙiƙa {seconds}.',
    yo: 'Ìbéèrè ti pọ̀ jù, ẹ jọ̀ọ́ ẹ gbìyànjú lẹ́yìn ìṣẹ́jú-àáyá {seconds}.',
    ig: 'Arịrịọ ebuzuola oke, biko nwaa ọzọ mgbe sekọnd {seconds} gachara.',
    pcm: 'Too many request, abeg try again after {seconds} seconds.',
  },
  INTERNAL: WRONG,
  UPSTREAM_UNAVAILABLE: WRONG,
  PHONE_REQUIRED: {
    sw: 'Namba ya simu inahitajika',
    ha: 'Ana buƙatar lambar waya',
    yo: 'A nílò nọ́mbà fóònù',
    ig: 'A chọrọ nọmba ekwentị',
    pcm: 'You need put phone number',
  },
  INVALID_MSISDN: BAD_NUMBER,
  LINE_TYPE_MISMATCH: BAD_NUMBER,
  INVALID_ACCOUNT: {
    sw: 'Namba ya akaunti si sahihi',
    ha: 'Lambar asusu ba daidai ba ce',
    yo: 'Nọ́mbà àkáǹtì kò tọ̀nà',
    ig: 'Nọmba akaụntụ ezighi ezi',
    pcm: 'Dis account number no correct',
  },
  EMAIL_REQUIRED: {
    sw: 'Barua pepe inahitajika',
    ha: 'Ana buƙatar adireshin imel',
    yo: 'A nílò àdírẹ́sì ímeèlì',
    ig: 'A chọrọ adreesị email',
    pcm: 'You need put email',
  },
  INVALID_EMAIL: {
    sw: 'Barua pepe si sahihi',
    ha: 'Adireshin imel ba daidai ba ne',
    yo: 'Àdírẹ́sì ímeèlì kò tọ̀nà',
    ig: 'Adreesị email ezighi ezi',
    pcm: 'Dis email no correct',
  },
  AIRTIME_EMAIL_REQUIRED: {
    sw: 'Barua pepe inahitajika',
    ha: 'Ana buƙatar adireshin imel',
    yo: 'A nílò àdírẹ́sì ímeèlì',
    ig: 'A chọrọ adreesị email',
    pcm: 'You need put email',
  },
  AIRTIME_EMAIL_INVALID: {
    sw: 'Tafadhali weka barua pepe sahihi',
    ha: 'Da fatan za a saka adireshin imel mai kyau',
    yo: 'Jọ̀wọ́ tẹ àdírẹ́sì ímeèlì tó tọ̀nà',
    ig: 'Biko tinye adreesị email ziri ezi',
    pcm: 'Abeg put correct email',
  },
  AMOUNT_OUT_OF_RANGE: {
    sw: 'Kiasi si sahihi',
    ha: 'Adadin kuɗi ba daidai ba ne',
    yo: 'Iye owó kò tọ̀nà',
    ig: 'Ego ahụ ezighi ezi',
    pcm: 'Dis amount no correct',
  },
  // The forms' own words for the same rule (content/pages/<lang>/translation.json validation.min/maxAmount).
  AMOUNT_BELOW_MIN: {
    sw: 'Kiasi cha chini kinapaswa kuwa {currency} {amount}',
    ha: 'Mafi ƙarancin adadi shi ne {currency} {amount}',
    yo: 'Iye owó tó kéré jù ni {currency} {amount}',
    ig: 'Ọnụ ego kacha nta bụ {currency} {amount}',
    pcm: 'Di smallest amount na {currency} {amount}',
  },
  AMOUNT_ABOVE_MAX: {
    sw: 'Kiasi cha juu kinapaswa kuwa {currency} {amount}',
    ha: 'Mafi yawan adadi shi ne {currency} {amount}',
    yo: 'Iye owó tó pọ̀ jù ni {currency} {amount}',
    ig: 'Ọnụ ego kacha elu bụ {currency} {amount}',
    pcm: 'Di biggest amount na {currency} {amount}',
  },
  AMOUNT_OVER_INVOICE: {
    sw: 'Kiasi ni zaidi ya deni la ankara.',
    ha: 'Adadin ya fi abin da ake bin takardar kuɗin.',
    yo: 'Iye owó náà ju gbèsè inú ìwé owó lọ.',
    ig: 'Ego ahụ karịrị ihe akwụkwọ ụgwọ ahụ chọrọ.',
    pcm: 'Dis amount pass wetin the bill dey owe.',
  },
  NO_EXCHANGE_RATE: {
    sw: 'Hakuna kiwango cha kubadilisha {from} kwenda {to}',
    ha: 'Babu farashin canji daga {from} zuwa {to}',
    yo: 'Kò sí ìwọ̀n pàṣípààrọ̀ láti {from} sí {to}',
    ig: 'Enweghị ọnụego mgbanwe site na {from} gaa {to}',
    pcm: 'No exchange rate from {from} to {to}',
  },
  CURRENCY_UNSUPPORTED: {
    sw: 'Ununuzi huu unalipwa kwa {expected}.',
    ha: 'Ana biyan wannan sayayya da {expected}.',
    yo: '{expected} ni a fi ń sanwó fún ohun yìí.',
    ig: 'A na-akwụ ụgwọ ihe a na {expected}.',
    pcm: 'Na {expected} dem dey take pay for dis one.',
  },
  OTP_WRONG: {
    sw: 'Tafadhali weka OTP sahihi',
    ha: 'Don Allah shigar da lambar OTP daidai',
    yo: 'Ẹ jọ̀ọ́ ẹ tẹ OTP tó tọ̀nà',
    ig: 'Biko tinye OTP ziri ezi',
    pcm: 'Abeg put the correct OTP',
  },
  OTP_EXHAUSTED: {
    sw: 'Umemaliza majaribio yote.',
    ha: 'Kun gama duk damar gwadawa.',
    yo: 'Ẹ ti parí gbogbo ìgbìyànjú yín.',
    ig: 'Ị gwụchaala ohere nnwale niile.',
    pcm: 'You don finish all your try.',
  },
  OTP_EXPIRED: {
    sw: 'OTP imeisha muda, tafadhali omba nyingine.',
    ha: 'Lokacin OTP ya ƙare, don Allah a nemi sabo.',
    yo: 'Àkókò OTP ti kọjá, ẹ jọ̀ọ́ ẹ béèrè òmíràn.',
    ig: 'Oge OTP agafeela, biko rịọ nke ọhụrụ.',
    pcm: 'The OTP don expire, abeg ask for new one.',
  },
  OTP_USED: {
    sw: 'Nambari hii imeshatumika. Tafadhali omba nyingine.',
    ha: 'An riga an yi amfani da wannan lambar. Don Allah a nemi sabuwa.',
    yo: 'A ti lo kóòdù yìí tẹ́lẹ̀. Ẹ jọ̀ọ́ ẹ béèrè òmíràn.',
    ig: 'E jirila koodu a mee ihe. Biko rịọ nke ọhụrụ.',
    pcm: 'Dem don use dis code before. Abeg ask for new one.',
  },
  OTP_LIMIT: {
    sw: 'Kikomo kimefikiwa, tafadhali jaribu tena baadaye.',
    ha: 'An kai iyaka, don Allah a sake gwadawa anjima.',
    yo: 'Ẹ ti dé òpin, ẹ jọ̀ọ́ ẹ gbìyànjú lẹ́yìn ìgbà díẹ̀.',
    ig: 'I ruola oke, biko nwaa ọzọ ma oge gafee.',
    pcm: 'You don reach the limit, abeg try again small time after.',
  },
  OTP_REVERIFY: {
    sw: 'Tafadhali thibitisha nambari ya siri ya mara moja tena.',
    ha: 'Don Allah a sake tabbatar da lambar sirri ta lokaci ɗaya.',
    yo: 'Ẹ jọ̀ọ́ ẹ tún kóòdù ẹ̀ẹ̀kan ṣoṣo náà ṣàyẹ̀wò.',
    ig: 'Biko nyochaa koodu otu oge ahụ ọzọ.',
    pcm: 'Abeg confirm the one-time code again.',
  },
  OTP_OTHER_AMOUNT: {
    sw: 'Nambari ya siri ilitolewa kwa kiasi kingine.',
    ha: 'An ba da lambar sirrin ne don wani adadin kuɗi daban.',
    yo: 'Iye owó mìíràn ni a fi kóòdù náà ránṣẹ́ fún.',
    ig: 'E zitere koodu ahụ maka ego ọzọ.',
    pcm: 'Dem send dat code for another amount.',
  },
  OTP_NOT_FOR_PAYMENT: {
    sw: 'Nambari hii haikutolewa kwa malipo.',
    ha: 'Ba don biyan kuɗi aka ba da wannan lambar ba.',
    yo: 'A kò fi kóòdù yìí ránṣẹ́ fún ìsanwó.',
    ig: 'E zighị koodu a maka ịkwụ ụgwọ.',
    pcm: 'Dem no send dis code for payment.',
  },
  INVALID_USER: {
    sw: 'Mtumiaji si sahihi',
    ha: 'Mai amfani ba daidai ba ne',
    yo: 'Olùlò kò tọ̀nà',
    ig: 'Onye ọrụ ezighi ezi',
    pcm: 'Dis user no correct',
  },
  NO_WALLET: {
    sw: 'Namba hii haina pochi.',
    ha: 'Wannan lambar ba ta da walat.',
    yo: 'Nọ́mbà yìí kò ní wálẹ́ẹ̀tì.',
    ig: 'Nọmba a enweghị walet.',
    pcm: 'Dis number no get wallet.',
  },
  // The payment page's own texts of the same check (content/pages/*/payment-translation.json).
  NOT_OPERATOR_NUMBER: {
    sw: 'Tafadhali weka nambari sahihi ya {brand}',
    ha: 'Da fatan ku shigar da lambar {brand} mai kyau',
    yo: 'Ẹ jọ̀ọ́, ẹ tẹ̀ nọ́mbà {brand} tó tọ̀nà',
    ig: 'Biko tinye nọmba {brand} ziri ezi',
    pcm: 'Abeg put correct {brand} number',
  },
  UNAUTHORIZED: {
    sw: 'Hauruhusiwi',
    ha: 'Ba a ba ku izini ba',
    yo: 'Ẹ kò ní àṣẹ',
    ig: 'Ị nweghị ikike',
    pcm: 'You no get permission',
  },
  WRONG_PIN: {
    sw: 'Tafadhali weka PIN sahihi',
    ha: 'Don Allah shigar da PIN daidai',
    yo: 'Ẹ jọ̀ọ́ ẹ tẹ PIN tó tọ̀nà',
    ig: 'Biko tinye PIN ziri ezi',
    pcm: 'Abeg put the correct PIN',
  },
  PIN_REQUIRED: {
    sw: 'Tafadhali weka PIN yako.',
    ha: 'Don Allah shigar da PIN ɗinku.',
    yo: 'Ẹ jọ̀ọ́ ẹ tẹ PIN yín.',
    ig: 'Biko tinye PIN gị.',
    pcm: 'Abeg put your PIN.',
  },
  PIN_UNREADABLE: {
    sw: 'PIN haikusomeka. Tafadhali jaribu tena.',
    ha: 'Ba a iya karanta PIN ɗin ba. Don Allah a sake gwadawa.',
    yo: 'A kò lè ka PIN náà. Ẹ jọ̀ọ́ ẹ tún gbìyànjú.',
    ig: 'Anyị enweghị ike ịgụ PIN ahụ. Biko nwaa ọzọ.',
    pcm: 'We no fit read the PIN. Abeg try again.',
  },
  PIN_FORMAT: {
    sw: 'PIN lazima iwe tarakimu 4.',
    ha: 'PIN dole ya zama lambobi 4.',
    yo: 'PIN gbọ́dọ̀ jẹ́ nọ́mbà mẹ́rin.',
    ig: 'PIN ga-abụ ọnụọgụ anọ.',
    pcm: 'PIN must be 4 numbers.',
  },
  WALLET_LOCKED: {
    sw: 'Pochi yako ya {wallet} imefungwa kwa sababu ya majaribio mengi ya PIN isiyo sahihi. Ili kuifungua, piga huduma kwa wateja {care} au piga {dial} kubadilisha PIN yako.',
    ha: 'An rufe walat ɗinku na {wallet} saboda an shigar da PIN ba daidai ba sau da yawa. Don buɗe shi, kira kulawar abokan ciniki a {care} ko ku danna {dial} don sake saita PIN ɗinku.',
    yo: 'A ti tì wálẹ́ẹ̀tì {wallet} yín nítorí PIN tí kò tọ̀nà tí ẹ tẹ̀ lọ́pọ̀ ìgbà. Láti ṣí i, ẹ pe ìtọ́jú oníbàárà lórí {care} tàbí ẹ tẹ {dial} láti yí PIN yín padà.',
    ig: 'Emechiela walet {wallet} gị n’ihi na itinyela PIN na-ezighi ezi ọtụtụ oge. Iji meghee ya, kpọọ ndị na-elekọta ndị ahịa na {care} ma ọ bụ pịa {dial} ka ịtọgharịa PIN gị.',
    pcm: 'Dem don block your {wallet} wallet because you put wrong PIN too many times. To open am, call customer care for {care} or dial {dial} make you reset your PIN.',
  },
  SMARTCASH_WRONG_PIN: {
    sw: 'PIN si sahihi',
    ha: 'PIN ba daidai ba ne',
    yo: 'PIN kò tọ̀nà',
    ig: 'PIN ezighi ezi',
    pcm: 'PIN no correct',
  },
  ACCOUNT_NOT_FOUND: {
    sw: 'Namba ya akaunti haikupatikana',
    ha: 'Ba a samu lambar asusun ba',
    yo: 'A kò rí nọ́mbà àkáǹtì náà',
    ig: 'Ahụghị nọmba akaụntụ ahụ',
    pcm: 'We no see dis account number',
  },
  ACCOUNT_MISMATCH: {
    sw: 'Maelezo ya akaunti hayalingani',
    ha: 'Bayanan asusun ba su dace ba',
    yo: 'Àlàyé àkáǹtì kò bára mu',
    ig: 'Nkọwa akaụntụ adabaghị',
    pcm: 'The account details no match',
  },
  INVOICE_NOT_OPEN: {
    sw: 'Ankara hii haiko wazi kwenye akaunti hii.',
    ha: 'Wannan takardar kuɗi ba ta buɗe a wannan asusun ba.',
    yo: 'Ìwé owó yìí kò ṣí sílẹ̀ lórí àkáǹtì yìí.',
    ig: 'Akwụkwọ ụgwọ a emepeghị n’akaụntụ a.',
    pcm: 'Dis bill no dey open for dis account.',
  },
  INSUFFICIENT_BALANCE: {
    sw: 'Inaonekana huna salio la kutosha.',
    ha: 'Da alama ba ku da isasshen kuɗi.',
    yo: 'Ó dà bí ẹni pé owó yín kò tó.',
    ig: 'Ọ dị ka ego gị erughị.',
    pcm: 'E be like say your money no reach.',
  },
  IDEMPOTENCY_CONFLICT: {
    sw: 'Malipo haya yalishaanzishwa kwa maelezo mengine.',
    ha: 'An riga an fara wannan biyan da wasu bayanai daban.',
    yo: 'A ti bẹ̀rẹ̀ ìsanwó yìí pẹ̀lú àlàyé mìíràn.',
    ig: 'Amalitela ịkwụ ụgwọ a na nkọwa ọzọ.',
    pcm: 'Dem don start dis payment with another details.',
  },
  INVALID_STATE: {
    sw: 'Malipo haya hayawezi kubadilishwa sasa.',
    ha: 'Ba za a iya canza wannan biyan yanzu ba.',
    yo: 'A kò lè yí ìsanwó yìí padà báyìí.',
    ig: 'Enweghị ike ịgbanwe ịkwụ ụgwọ a ugbu a.',
    pcm: 'We no fit change dis payment now.',
  },
  PAYMENT_IN_PROGRESS: {
    sw: 'Malipo haya yanaanzishwa tayari. Tafadhali subiri kidogo.',
    ha: 'Ana fara wannan biyan tuni. Don Allah ku jira kaɗan.',
    yo: 'Ìsanwó yìí ti ń bẹ̀rẹ̀ lọ́wọ́. Ẹ jọ̀ọ́ ẹ dúró díẹ̀.',
    ig: 'A na-amalite ịkwụ ụgwọ a ugbu a. Biko chere ntakịrị.',
    pcm: 'Dis payment don dey start. Abeg wait small.',
  },
  TRANSACTION_NOT_FOUND: {
    sw: 'Hatukupata malipo haya.',
    ha: 'Ba mu samu wannan biyan ba.',
    yo: 'A kò rí ìsanwó yìí.',
    ig: 'Anyị ahụghị ịkwụ ụgwọ a.',
    pcm: 'We no see dis payment.',
  },
  DUPLICATE_PURCHASE: {
    sw: 'Namba hii ilipata ununuzi huu huu dakika chache zilizopita (kumbukumbu {reference}). Chagua "Nunua tena" ili kulipa tena.',
    ha: 'Wannan lambar ta samu irin wannan sayayyar ’yan mintuna da suka wuce (lamba {reference}). Zaɓi "Sake saya" don sake biya.',
    yo: 'Nọ́mbà yìí ti gba ohun kan náà ní ìṣẹ́jú díẹ̀ sẹ́yìn (nọ́mbà ìtọ́kasí {reference}). Ẹ yan "Rà á lẹ́ẹ̀kan sí i" láti sanwó lẹ́ẹ̀kan sí i.',
    ig: 'Nọmba a nwetara otu ihe a nkeji ole na ole gara aga (ntụaka {reference}). Họrọ "Zụọ ọzọ" ka ị kwụọ ọzọ.',
    pcm: 'Dis number don get the same thing some minutes ago (reference {reference}). Choose "Buy again" if you wan pay again.',
  },
  METHOD_UNAVAILABLE: {
    sw: 'Njia hii ya malipo haipatikani.',
    ha: 'Babu wannan hanyar biyan kuɗi.',
    yo: 'Ọ̀nà ìsanwó yìí kò sí lárọ̀ọ́wọ́tó.',
    ig: 'Ụzọ ịkwụ ụgwọ a adịghị.',
    pcm: 'Dis payment method no dey available.',
  },
  AIRTIME_PREPAID_ONLY: {
    sw: 'Muda wa maongezi unaweza kulipwa tu kutoka laini ya malipo ya kabla.',
    ha: 'Ana iya biya da kuɗin kira daga layin prepaid kawai.',
    yo: 'Láti orí láìnì prepaid nìkan ni a ti lè fi káàdì ìpè sanwó.',
    ig: 'Naanị site na laịnụ prepaid ka a na-eji ego oku akwụ ụgwọ.',
    pcm: 'Na only prepaid line airtime fit pay for dis one.',
  },
  METHOD_CURRENCY: {
    sw: 'Njia hii ya malipo haipokei {currency}.',
    ha: 'Wannan hanyar biyan ba ta karɓar {currency}.',
    yo: 'Ọ̀nà ìsanwó yìí kò gba {currency}.',
    ig: 'Ụzọ ịkwụ ụgwọ a anaghị anabata {currency}.',
    pcm: 'Dis payment method no dey take {currency}.',
  },
  MOBILE_MONEY_ONLY: {
    sw: 'Chini ya dola 1 ni pesa kwa simu pekee inayotumika.',
    ha: 'Ƙasa da dalar Amurka 1, sai kuɗin waya kaɗai ake amfani da shi.',
    yo: 'Fún iye tí kò tó dọ́là kan, owó orí fóònù nìkan ni a lè lò.',
    ig: 'Maka ego na-erughị otu dọla, naanị ego ekwentị ka a ga-eji.',
    pcm: 'If e no reach 1 dollar, na only mobile money you fit use.',
  },
  AIRTIME_SELF_RECHARGE: {
    sw: 'Lipa kutoka namba nyingine: laini haiwezi kujiongezea salio kwa salio lake.',
    ha: 'Biya daga wata lamba: layi ba zai iya saya wa kansa kati da katin kansa ba.',
    yo: 'Ẹ sanwó láti nọ́mbà mìíràn: láìnì kan kò lè fi káàdì ara rẹ̀ ra káàdì fún ara rẹ̀.',
    ig: 'Kwụọ site na nọmba ọzọ: otu lain enweghị ike iji kredit ya zụọrọ onwe ya kredit.',
    pcm: 'Pay from another number: one line no fit use im own airtime take recharge imself',
  },
  AIRTIME_REFUSED: {
    sw: 'Malipo kwa salio la simu yamekataliwa.',
    ha: 'An ƙi biyan kuɗi da kati.',
    yo: 'Wọ́n kọ ìsanwó pẹ̀lú káàdì ìpè.',
    ig: 'A jụrụ ịkwụ ụgwọ site na kredit.',
    pcm: 'Dem no gree the airtime payment.',
  },
  PAYMENT_REFUSED: {
    sw: 'Malipo yamekataliwa.',
    ha: 'An ƙi biyan kuɗin.',
    yo: 'Wọ́n kọ ìsanwó náà.',
    ig: 'A jụrụ ịkwụ ụgwọ ahụ.',
    pcm: 'Dem no gree the payment.',
  },
  BUNDLES_UNAVAILABLE: {
    sw: 'Vifurushi havipatikani sasa.',
    ha: 'Babu bundle a yanzu.',
    yo: 'Kò sí bundle lọ́wọ́lọ́wọ́.',
    ig: 'Enweghị bundle ugbu a.',
    pcm: 'Bundle no dey now.',
  },
  BUNDLE_UNKNOWN: {
    sw: 'Kifurushi hiki hakipatikani.',
    ha: 'Babu wannan bundle.',
    yo: 'Bundle yìí kò sí.',
    ig: 'Bundle a adịghị.',
    pcm: 'Dis bundle no dey.',
  },
  BUNDLE_NOT_FOR_NUMBER: {
    sw: 'Kifurushi hiki hakipatikani kwa namba hii.',
    ha: 'Babu wannan bundle don wannan lambar.',
    yo: 'Bundle yìí kò sí fún nọ́mbà yìí.',
    ig: 'Bundle a adịghị maka nọmba a.',
    pcm: 'Dis bundle no dey for dis number.',
  },
  BUNDLE_PRICE_CHANGED: {
    sw: 'Bei ya kifurushi hiki imebadilika. Tafadhali kichague tena.',
    ha: 'Farashin wannan bundle ya canza. Don Allah a sake zaɓa.',
    yo: 'Iye owó bundle yìí ti yí padà. Ẹ jọ̀ọ́ ẹ tún un yàn.',
    ig: 'Ọnụahịa bundle a agbanweela. Biko họrọ ya ọzọ.',
    pcm: 'The price of dis bundle don change. Abeg choose am again.',
  },
  // The same words as the page's `dynamicForm.unchecked` (content/pages/*/hbb-translation.json).
  FIELD_UNCHECKED: {
    sw: 'Tafadhali weka alama kwenye kisanduku hiki ili uendelee',
    ha: 'Da fatan ku yi alama a wannan akwati don ci gaba',
    yo: 'Ẹ jọ̀ọ́, ẹ fi àmì sí àpótí yìí láti tẹ̀síwájú',
    ig: "Biko kaa akara n'igbe a ka ị gaa n'ihu",
    pcm: 'Abeg tick dis box make you fit continue',
  },
  PLAN_UNAVAILABLE: {
    sw: 'Mpango huu haupatikani. Tafadhali chagua mpango tena.',
    ha: 'Babu wannan tsari. Don Allah a sake zaɓar tsari.',
    yo: 'Ètò yìí kò sí. Ẹ jọ̀ọ́ ẹ tún ètò kan yàn.',
    ig: 'Atụmatụ a adịghị. Biko họrọ atụmatụ ọzọ.',
    pcm: 'Dis plan no dey. Abeg choose plan again.',
  },
  PLAN_PRICE_CHANGED: {
    sw: 'Bei ya mpango huu imebadilika. Tafadhali chagua mpango tena.',
    ha: 'Farashin wannan tsari ya canza. Don Allah a sake zaɓar tsarin.',
    yo: 'Iye owó ètò yìí ti yí padà. Ẹ jọ̀ọ́ ẹ tún ètò náà yàn.',
    ig: 'Ọnụahịa atụmatụ a agbanweela. Biko họrọ atụmatụ ahụ ọzọ.',
    pcm: 'The price of dis plan don change. Abeg choose the plan again.',
  },
  LEAD_NOT_FOUND: {
    sw: 'Hatukupata ombi lenye namba hii.',
    ha: 'Ba mu samu buƙata da wannan lambar ba.',
    yo: 'A kò rí ìbéèrè kankan pẹ̀lú nọ́mbà yìí.',
    ig: 'Anyị ahụghị arịrịọ nwere nọmba a.',
    pcm: 'We no see any request with dis number.',
  },
  LEAD_NUMBER_MISMATCH: {
    sw: 'Namba hii hailingani na ombi.',
    ha: 'Wannan lambar ba ta dace da buƙatar ba.',
    yo: 'Nọ́mbà yìí kò bá ìbéèrè náà mu.',
    ig: 'Nọmba a adabaghị na arịrịọ ahụ.',
    pcm: 'Dis number no match the request.',
  },
  LEAD_NOT_PAYABLE: {
    sw: 'Ombi hili halipokei malipo sasa.',
    ha: 'Wannan buƙata ba ta karɓar biya a yanzu.',
    yo: 'Ìbéèrè yìí kò gba ìsanwó báyìí.',
    ig: 'Arịrịọ a anaghị anabata ịkwụ ụgwọ ugbu a.',
    pcm: 'Dis request no dey take payment now.',
  },
  LEAD_AMOUNT_MISMATCH: {
    sw: 'Kiasi hakilingani na ombi.',
    ha: 'Adadin kuɗin bai dace da buƙatar ba.',
    yo: 'Iye owó kò bá ìbéèrè náà mu.',
    ig: 'Ego ahụ adabaghị na arịrịọ ahụ.',
    pcm: 'The amount no match the request.',
  },
  BAD_SIGNATURE: {
    sw: 'Sahihi si halali',
    ha: 'Sa hannu ba daidai ba ne',
    yo: 'Ìbuwọ́lù kò tọ̀nà',
    ig: 'Mbinye aka ezighi ezi',
    pcm: 'The signature no correct',
  },
};

/**
 * The catalogue entry whose English message is `text` (the contract's schemas refuse with the §5 texts, e.g.
 * 'Invalid Account Number'), so that a refusal by the schema is answered in the request's language too.
 */
export function errorNameOfText(text: string | undefined): ErrorName | undefined {
  if (!text) return undefined;
  return (Object.keys(ERRORS) as ErrorName[]).find((name) => ERRORS[name].message === text);
}

/** The language the portal's texts (errors, SMS, reasons) are written in for `language`: itself, else English. */
export function textLanguage(language: string | undefined): ErrorLanguage {
  return (ERROR_LANGUAGES as readonly (string | undefined)[]).includes(language)
    ? (language as ErrorLanguage)
    : 'en';
}

/** A text's `{name}`s filled from `params`; a name without a value stays as written. */
export function fillIn(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    params[key] === undefined ? whole : String(params[key]),
  );
}

/** The user message of an error in a language (English when the language has none), `{name}`s filled. */
export function errorText(
  name: ErrorName,
  language: string | undefined,
  params: Readonly<Record<string, string | number>> = {},
): string {
  const texts = ERROR_TEXTS[name] as Record<string, string>;
  const known = textLanguage(language);
  return fillIn((known !== 'en' ? texts[known] : undefined) ?? ERRORS[name].message, params);
}

/**
 * A form rule's finding as the API answers it, in the form's language. The rules' English templates carry the
 * schema's own (translated) label; an unticked consent box has no label in its text, so its whole text is
 * translated here.
 */
export function fieldErrorText(error: FieldError, language: string | undefined): string {
  return error.code === 'unchecked' ? errorText('FIELD_UNCHECKED', language) : error.message;
}

/** A form's findings as the API answers them in `result.errors` (the lead form's save, the contact form). */
export function answeredFieldErrors(
  errors: Record<string, FieldError>,
  language: string | undefined,
): Record<string, { code: FieldError['code']; message: string }> {
  return Object.fromEntries(
    Object.entries(errors).map(([name, e]) => [name, { code: e.code, message: fieldErrorText(e, language) }]),
  );
}
