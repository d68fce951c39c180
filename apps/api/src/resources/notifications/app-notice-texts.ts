import type { Language } from "@termin/domain/languages";
import type { NotificationKind } from "@termin/domain/notification-facts";

/** The kinds of notification not about one appointment or class (those have the booking and waitlist texts). */
export type AppNoticeKind = Exclude<NotificationKind, `appointment_${string}` | "waitlist_seat_offered">;

/** A notification's words; {business}, {place} and {appName} are filled from its facts, {discount} from its percent. */
export type AppNoticeTexts = Record<AppNoticeKind, { title: string; body: string }>;

export const APP_NOTICE_TEXTS: Record<Language, AppNoticeTexts> = {
  bg: {
    form_requested: {
      title: "Формуляр за попълване",
      body: "{business} ви моли да попълните формуляр преди посещението си.",
    },
    review_requested: {
      title: "Как мина посещението?",
      body: "Разкажете на другите за {place}: оценете посещението си и оставете отзив.",
    },
    looks_added: { title: "Нови идеи за вас", body: "Салони близо до вас добавиха нови идеи във Вдъхновение." },
    welcome: {
      title: "Добре дошли в {appName}",
      body: "Намерете място, запазете час с няколко докосвания и пазете любимите си места в Моите локации.",
    },
    discount_offered: {
      title: "{discount} отстъпка тази седмица",
      body: "{place} предлага {discount} отстъпка за всички услуги тази седмица, до неделя. Запазете час, който ви е удобен.",
    },
  },
  en: {
    form_requested: { title: "A form to fill in", body: "{business} asks you to fill in a form before your visit." },
    review_requested: {
      title: "How was your visit?",
      body: "Tell others about {place}: rate your visit and leave a review.",
    },
    looks_added: { title: "New looks for you", body: "Salons near you added new ideas to the Look Book." },
    welcome: {
      title: "Welcome to {appName}",
      body: "Find a place, book in a few taps and keep your favourite places in My locations.",
    },
    discount_offered: {
      title: "{discount} off this week",
      body: "{place} has {discount} off every service this week, until Sunday. Book a time that suits you.",
    },
  },
  de: {
    form_requested: {
      title: "Ein Formular zum Ausfüllen",
      body: "{business} bittet Sie, vor Ihrem Besuch ein Formular auszufüllen.",
    },
    review_requested: {
      title: "Wie war Ihr Besuch?",
      body: "Erzählen Sie anderen von {place}: Bewerten Sie Ihren Besuch und schreiben Sie eine Rezension.",
    },
    looks_added: {
      title: "Neue Looks für Sie",
      body: "Salons in Ihrer Nähe haben neue Ideen zur Inspiration hinzugefügt.",
    },
    welcome: {
      title: "Willkommen bei {appName}",
      body: "Finden Sie einen Ort, buchen Sie mit wenigen Fingertipps und behalten Sie Ihre Lieblingsorte unter Meine Standorte.",
    },
    discount_offered: {
      title: "{discount} Rabatt diese Woche",
      body: "{place} gibt diese Woche bis Sonntag {discount} Rabatt auf alle Leistungen. Buchen Sie einen Termin, der Ihnen passt.",
    },
  },
  es: {
    form_requested: {
      title: "Un formulario para rellenar",
      body: "{business} te pide que rellenes un formulario antes de tu visita.",
    },
    review_requested: {
      title: "¿Qué tal tu visita?",
      body: "Cuéntales a otros sobre {place}: valora tu visita y deja una reseña.",
    },
    looks_added: { title: "Nuevos looks para ti", body: "Salones cerca de ti han añadido nuevas ideas a Inspiración." },
    welcome: {
      title: "Te damos la bienvenida a {appName}",
      body: "Encuentra un sitio, reserva en unos toques y guarda tus sitios favoritos en Mis centros.",
    },
    discount_offered: {
      title: "{discount} de descuento esta semana",
      body: "{place} tiene un {discount} de descuento en todos los servicios esta semana, hasta el domingo. Reserva a la hora que mejor te venga.",
    },
  },
  it: {
    form_requested: {
      title: "Un modulo da compilare",
      body: "{business} ti chiede di compilare un modulo prima della tua visita.",
    },
    review_requested: {
      title: "Com'è andata la visita?",
      body: "Racconta agli altri di {place}: valuta la tua visita e lascia una recensione.",
    },
    looks_added: { title: "Nuovi look per te", body: "I saloni vicino a te hanno aggiunto nuove idee a Ispirazione." },
    welcome: {
      title: "Benvenuto su {appName}",
      body: "Trova un posto, prenota in pochi tocchi e tieni i tuoi posti preferiti in I miei centri.",
    },
    discount_offered: {
      title: "Sconto del {discount} questa settimana",
      body: "{place} offre uno sconto del {discount} su tutti i servizi questa settimana, fino a domenica. Prenota all'orario che preferisci.",
    },
  },
  fr: {
    form_requested: {
      title: "Un formulaire à remplir",
      body: "{business} vous demande de remplir un formulaire avant votre visite.",
    },
    review_requested: {
      title: "Comment s’est passée votre visite ?",
      body: "Parlez de {place} aux autres : notez votre visite et laissez un avis.",
    },
    looks_added: {
      title: "De nouveaux looks pour vous",
      body: "Des salons près de chez vous ont ajouté de nouvelles idées à Inspiration.",
    },
    welcome: {
      title: "Bienvenue sur {appName}",
      body: "Trouvez un établissement, réservez en quelques gestes et gardez vos adresses préférées dans Mes établissements.",
    },
    discount_offered: {
      title: "{discount} de réduction cette semaine",
      body: "{place} offre {discount} de réduction sur toutes les prestations cette semaine, jusqu’à dimanche. Réservez le créneau qui vous convient.",
    },
  },
  tr: {
    form_requested: {
      title: "Doldurulacak bir form",
      body: "{business}, ziyaretinizden önce bir form doldurmanızı rica ediyor.",
    },
    review_requested: {
      title: "Ziyaretiniz nasıldı?",
      body: "{place} hakkında başkalarına bilgi verin: ziyaretinizi puanlayın ve bir yorum bırakın.",
    },
    looks_added: { title: "Size yeni görünümler", body: "Yakınınızdaki salonlar İlham bölümüne yeni fikirler ekledi." },
    welcome: {
      title: "{appName} uygulamasına hoş geldiniz",
      body: "Bir mekan bulun, birkaç dokunuşla randevu alın ve sevdiğiniz mekanları Mekanlarım'da saklayın.",
    },
    discount_offered: {
      title: "Bu hafta {discount} indirim",
      body: "{place}, bu hafta pazar gününe kadar tüm hizmetlerde {discount} indirim yapıyor. Size uygun bir saate randevu alın.",
    },
  },
  ro: {
    form_requested: {
      title: "Un formular de completat",
      body: "{business} te roagă să completezi un formular înainte de vizită.",
    },
    review_requested: {
      title: "Cum a fost vizita?",
      body: "Spune-le și altora despre {place}: notează vizita și lasă o recenzie.",
    },
    looks_added: {
      title: "Stiluri noi pentru tine",
      body: "Saloanele din apropiere au adăugat idei noi în Inspirație.",
    },
    welcome: {
      title: "Bun venit la {appName}",
      body: "Găsește un loc, programează-te din câteva atingeri și păstrează locurile preferate în Locațiile mele.",
    },
    discount_offered: {
      title: "Reducere de {discount} săptămâna aceasta",
      body: "{place} oferă o reducere de {discount} la toate serviciile săptămâna aceasta, până duminică. Programează-te la ora care îți convine.",
    },
  },
  el: {
    form_requested: {
      title: "Μια φόρμα για συμπλήρωση",
      body: "Από {business}: συμπληρώστε μια φόρμα πριν από την επίσκεψή σας.",
    },
    review_requested: {
      title: "Πώς ήταν η επίσκεψή σας;",
      body: "{place}: πείτε και σε άλλους πώς ήταν, βαθμολογήστε την επίσκεψή σας και αφήστε μια κριτική.",
    },
    looks_added: { title: "Νέα look για εσάς", body: "Κομμωτήρια κοντά σας πρόσθεσαν νέες ιδέες στην Έμπνευση." },
    welcome: {
      title: "Καλώς ήρθατε στο {appName}",
      body: "Βρείτε ένα κατάστημα, κλείστε ραντεβού με λίγα αγγίγματα και κρατήστε τα αγαπημένα σας στα Καταστήματά μου.",
    },
    discount_offered: {
      title: "Έκπτωση {discount} αυτή την εβδομάδα",
      body: "{place}: έκπτωση {discount} σε όλες τις υπηρεσίες αυτή την εβδομάδα, έως την Κυριακή. Κλείστε ραντεβού την ώρα που σας βολεύει.",
    },
  },
  mk: {
    form_requested: {
      title: "Формулар за пополнување",
      body: "{business} ве моли да пополните формулар пред вашата посета.",
    },
    review_requested: {
      title: "Како помина посетата?",
      body: "Кажете им на другите за {place}: оценете ја посетата и оставете рецензија.",
    },
    looks_added: { title: "Нови изгледи за вас", body: "Салоните во ваша близина додадоа нови идеи во Инспирација." },
    welcome: {
      title: "Добредојдовте во {appName}",
      body: "Најдете место, закажете со неколку допири и чувајте ги омилените места во Моите локации.",
    },
    discount_offered: {
      title: "{discount} попуст оваа седмица",
      body: "{place} нуди {discount} попуст на сите услуги оваа седмица, до недела. Закажете термин што ви одговара.",
    },
  },
  ru: {
    form_requested: { title: "Анкета для заполнения", body: "{business} просит вас заполнить анкету перед визитом." },
    review_requested: {
      title: "Как прошёл визит?",
      body: "Расскажите другим о месте «{place}»: оцените визит и оставьте отзыв.",
    },
    looks_added: { title: "Новые образы для вас", body: "Салоны рядом с вами добавили новые идеи во Вдохновение." },
    welcome: {
      title: "Добро пожаловать в {appName}",
      body: "Находите места, записывайтесь в пару касаний и храните любимые места в разделе «Мои места».",
    },
    discount_offered: {
      title: "Скидка {discount} на этой неделе",
      body: "«{place}»: скидка {discount} на все услуги на этой неделе, до воскресенья. Запишитесь на удобное для вас время.",
    },
  },
};
