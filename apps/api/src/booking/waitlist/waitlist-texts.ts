import type { Language } from "@termin/domain/languages";

/**
 * The words of a waitlist offer, in each language. Placeholders: {className}, {place}, {when} (the session's start,
 * written by Intl on the place's clock), {minutes} (how long the seat is held, a number written by Intl).
 */
export interface WaitlistTexts {
  /** The notification's title and the mail's subject. */
  title: string;
  /** The notification's body and the mail's first paragraph. */
  body: string;
  /** The mail's button to the basket, where the held seat waits. */
  action: string;
}

export const WAITLIST_TEXTS: Record<Language, WaitlistTexts> = {
  bg: {
    title: "Освободи се място за вас",
    body: "Освободи се място в {className} в {place}, {when}. Пазим го за вас {minutes} минути: запазете го, преди да премине към следващия в листата.",
    action: "Запазете мястото",
  },
  en: {
    title: "A seat is free for you",
    body: "A seat in {className} at {place}, {when}, is free. It is held for you for {minutes} minutes: book it before it passes to the next in line.",
    action: "Book your seat",
  },
  de: {
    title: "Ein Platz ist für Sie frei",
    body: "In {className} bei {place}, {when}, ist ein Platz frei. Er ist {minutes} Minuten für Sie reserviert: buchen Sie ihn, bevor er an die nächste Person auf der Warteliste geht.",
    action: "Platz buchen",
  },
  es: {
    title: "Hay una plaza libre para ti",
    body: "Ha quedado libre una plaza en {className} en {place}, {when}. Te la guardamos {minutes} minutos: resérvala antes de que pase a la siguiente persona de la lista.",
    action: "Reservar la plaza",
  },
  it: {
    title: "Si è liberato un posto per te",
    body: "Si è liberato un posto in {className} presso {place}, {when}. Lo teniamo per te {minutes} minuti: prenotalo prima che passi alla persona successiva in lista.",
    action: "Prenota il posto",
  },
  fr: {
    title: "Une place s'est libérée pour vous",
    body: "Une place s'est libérée dans {className} chez {place}, {when}. Elle vous est réservée pendant {minutes} minutes : réservez-la avant qu'elle passe à la personne suivante sur la liste.",
    action: "Réserver la place",
  },
  tr: {
    title: "Sizin için bir yer açıldı",
    body: "{place} – {className}, {when}: bir yer açıldı. Yer {minutes} dakika sizin için tutuluyor: listedeki bir sonraki kişiye geçmeden ayırtın.",
    action: "Yerinizi ayırtın",
  },
  ro: {
    title: "S-a eliberat un loc pentru dvs.",
    body: "S-a eliberat un loc la {className}, la {place}, {when}. Vi-l păstrăm {minutes} minute: rezervați-l înainte să treacă la următorul de pe listă.",
    action: "Rezervați locul",
  },
  el: {
    title: "Ελευθερώθηκε θέση για εσάς",
    body: "Ελευθερώθηκε θέση στο {className} – {place}, {when}. Σας την κρατάμε {minutes} λεπτά: κλείστε την πριν περάσει στον επόμενο της λίστας.",
    action: "Κλείστε τη θέση",
  },
  mk: {
    title: "Се ослободи место за вас",
    body: "Се ослободи место во {className} во {place}, {when}. Го чуваме за вас {minutes} минути: резервирајте го пред да премине кај следниот на листата.",
    action: "Резервирајте го местото",
  },
  ru: {
    title: "Для вас освободилось место",
    body: "Освободилось место на занятии {className} — {place}, {when}. Мы держим его для вас {minutes} минут: забронируйте его, пока оно не перешло следующему в листе ожидания.",
    action: "Забронировать место",
  },
};
