import type { Language } from "@termin/domain/languages";

/** What happened to an appointment that the client is told about. */
export type BookingEvent = "booked" | "rescheduled" | "cancelled" | "reminder";

export const BOOKING_EVENTS: readonly BookingEvent[] = ["booked", "rescheduled", "cancelled", "reminder"];

export interface BookingEventTexts {
  /** The notification's title and the mail's subject. */
  title: string;
  /** The mail's first paragraph, after the greeting. */
  lead: string;
}

/**
 * Booking notices and the calendar file in one language. Placeholders: {services} (the services' names as a list,
 * "Manicure and Pedicure"), {place} (the location's name), {when} (the start's date and time, written by Intl),
 * {time} (a service's time range), {service}, {employee}. Where a preposition before {place} would need a case
 * ending or an article the name cannot get (Russian, Turkish, Greek), a dash stands instead.
 */
export interface BookingNoticeTexts {
  /** The appointment in one sentence, without its final full stop (Intl may end {when} with one: "π.μ."). */
  appointment: string;
  /** The calendar event's title. */
  summary: string;
  /** One service in the mail and the calendar event's description. */
  serviceLine: string;
  /** Labels of the mail's details, with the language's own punctuation. */
  whenLabel: string;
  whereLabel: string;
  servicesLabel: string;
  /** The mail's button to the appointment in the app. */
  openAction: string;
  /** The link to the calendar file, in the mails of a new or moved appointment. */
  calendarAction: string;
  events: Record<BookingEvent, BookingEventTexts>;
}

/** The mails' greeting, link hint and signature are the account mails' (ACCOUNT_MAIL_TEXTS), in the same register. */
export const BOOKING_NOTICE_TEXTS: Record<Language, BookingNoticeTexts> = {
  bg: {
    appointment: "{services} в {place}, {when}",
    summary: "{services} в {place}",
    serviceLine: "{time} {service} при {employee}",
    whenLabel: "Кога:",
    whereLabel: "Къде:",
    servicesLabel: "Услуги:",
    openAction: "Вижте часа си",
    calendarAction: "Добавете в календара",
    events: {
      booked: { title: "Часът е запазен", lead: "Вашият час е запазен." },
      rescheduled: { title: "Часът е преместен", lead: "Вашият час е преместен в ново време." },
      cancelled: {
        title: "Часът е отменен",
        lead: "Вашият час е отменен. Можете да запазите нов час по всяко време.",
      },
      reminder: { title: "Напомняне за час", lead: "Напомняме ви за предстоящия ви час." },
    },
  },
  en: {
    appointment: "{services} at {place} on {when}",
    summary: "{services} at {place}",
    serviceLine: "{time} {service} with {employee}",
    whenLabel: "When:",
    whereLabel: "Where:",
    servicesLabel: "Services:",
    openAction: "See your appointment",
    calendarAction: "Add to calendar",
    events: {
      booked: { title: "Appointment booked", lead: "Your appointment is booked." },
      rescheduled: { title: "Appointment moved", lead: "Your appointment has been moved to a new time." },
      cancelled: {
        title: "Appointment cancelled",
        lead: "Your appointment has been cancelled. You can book a new one whenever you like.",
      },
      reminder: { title: "Appointment reminder", lead: "This is a reminder of your upcoming appointment." },
    },
  },
  de: {
    appointment: "{services} bei {place} am {when}",
    summary: "{services} bei {place}",
    serviceLine: "{time} {service} bei {employee}",
    whenLabel: "Wann:",
    whereLabel: "Wo:",
    servicesLabel: "Leistungen:",
    openAction: "Termin ansehen",
    calendarAction: "Zum Kalender hinzufügen",
    events: {
      booked: { title: "Termin gebucht", lead: "Ihr Termin ist gebucht." },
      rescheduled: { title: "Termin verschoben", lead: "Ihr Termin wurde auf eine neue Zeit verschoben." },
      cancelled: {
        title: "Termin storniert",
        lead: "Ihr Termin wurde storniert. Sie können jederzeit einen neuen Termin buchen.",
      },
      reminder: { title: "Terminerinnerung", lead: "Wir erinnern Sie an Ihren bevorstehenden Termin." },
    },
  },
  es: {
    appointment: "{services} en {place}, el {when}",
    summary: "{services} en {place}",
    serviceLine: "{time} {service} con {employee}",
    whenLabel: "Cuándo:",
    whereLabel: "Dónde:",
    servicesLabel: "Servicios:",
    openAction: "Ver tu cita",
    calendarAction: "Añadir al calendario",
    events: {
      booked: { title: "Cita reservada", lead: "Tu cita está reservada." },
      rescheduled: { title: "Cita cambiada de hora", lead: "Tu cita se ha cambiado a una nueva hora." },
      cancelled: {
        title: "Cita cancelada",
        lead: "Tu cita se ha cancelado. Puedes reservar otra cuando quieras.",
      },
      reminder: { title: "Recordatorio de cita", lead: "Te recordamos tu próxima cita." },
    },
  },
  it: {
    appointment: "{services} da {place}, {when}",
    summary: "{services} da {place}",
    serviceLine: "{time} {service} con {employee}",
    whenLabel: "Quando:",
    whereLabel: "Dove:",
    servicesLabel: "Servizi:",
    openAction: "Vedi il tuo appuntamento",
    calendarAction: "Aggiungi al calendario",
    events: {
      booked: { title: "Appuntamento prenotato", lead: "Il tuo appuntamento è prenotato." },
      rescheduled: {
        title: "Appuntamento spostato",
        lead: "Il tuo appuntamento è stato spostato a un nuovo orario.",
      },
      cancelled: {
        title: "Appuntamento annullato",
        lead: "Il tuo appuntamento è stato annullato. Puoi prenotarne un altro quando vuoi.",
      },
      reminder: { title: "Promemoria appuntamento", lead: "Ti ricordiamo il tuo prossimo appuntamento." },
    },
  },
  fr: {
    appointment: "{services} chez {place}, le {when}",
    summary: "{services} chez {place}",
    serviceLine: "{time} {service} avec {employee}",
    // French puts a no-break space before a colon.
    whenLabel: "Quand\u00a0:",
    whereLabel: "Où\u00a0:",
    servicesLabel: "Prestations\u00a0:",
    openAction: "Voir votre rendez-vous",
    calendarAction: "Ajouter au calendrier",
    events: {
      booked: { title: "Rendez-vous réservé", lead: "Votre rendez-vous est réservé." },
      rescheduled: {
        title: "Rendez-vous déplacé",
        lead: "Votre rendez-vous a été déplacé à un nouvel horaire.",
      },
      cancelled: {
        title: "Rendez-vous annulé",
        lead: "Votre rendez-vous a été annulé. Vous pouvez en réserver un autre à tout moment.",
      },
      reminder: { title: "Rappel de rendez-vous", lead: "Nous vous rappelons votre prochain rendez-vous." },
    },
  },
  tr: {
    appointment: "{services} – {place}, {when}",
    summary: "{services} – {place}",
    serviceLine: "{time} {service}, uzman: {employee}",
    whenLabel: "Ne zaman:",
    whereLabel: "Nerede:",
    servicesLabel: "Hizmetler:",
    openAction: "Randevunuzu görüntüleyin",
    calendarAction: "Takvime ekleyin",
    events: {
      booked: { title: "Randevunuz alındı", lead: "Randevunuz başarıyla alındı." },
      rescheduled: { title: "Randevunuzun saati değişti", lead: "Randevunuz yeni bir saate taşındı." },
      cancelled: {
        title: "Randevunuz iptal edildi",
        lead: "Randevunuz iptal edildi. Dilediğiniz zaman yeni bir randevu alabilirsiniz.",
      },
      reminder: { title: "Randevu hatırlatması", lead: "Yaklaşan randevunuzu hatırlatmak isteriz." },
    },
  },
  ro: {
    appointment: "{services} la {place}, {when}",
    summary: "{services} la {place}",
    serviceLine: "{time} {service} cu {employee}",
    whenLabel: "Când:",
    whereLabel: "Unde:",
    servicesLabel: "Servicii:",
    openAction: "Vezi programarea",
    calendarAction: "Adaugă în calendar",
    events: {
      booked: { title: "Programare înregistrată", lead: "Programarea ta a fost înregistrată." },
      rescheduled: { title: "Programare mutată", lead: "Programarea ta a fost mutată la o nouă oră." },
      cancelled: {
        title: "Programare anulată",
        lead: "Programarea ta a fost anulată. Poți face o nouă programare oricând.",
      },
      reminder: { title: "Memento programare", lead: "Îți amintim de programarea ta care urmează." },
    },
  },
  el: {
    appointment: "{services} – {place}, {when}",
    summary: "{services} – {place}",
    serviceLine: "{time} {service}, ειδικός: {employee}",
    whenLabel: "Πότε:",
    whereLabel: "Πού:",
    servicesLabel: "Υπηρεσίες:",
    openAction: "Δείτε το ραντεβού σας",
    calendarAction: "Προσθήκη στο ημερολόγιο",
    events: {
      booked: { title: "Το ραντεβού κλείστηκε", lead: "Το ραντεβού σας κλείστηκε." },
      rescheduled: { title: "Το ραντεβού μετακινήθηκε", lead: "Το ραντεβού σας μετακινήθηκε σε νέα ώρα." },
      cancelled: {
        title: "Το ραντεβού ακυρώθηκε",
        lead: "Το ραντεβού σας ακυρώθηκε. Μπορείτε να κλείσετε νέο ραντεβού όποτε θέλετε.",
      },
      reminder: { title: "Υπενθύμιση ραντεβού", lead: "Σας υπενθυμίζουμε το επερχόμενο ραντεβού σας." },
    },
  },
  mk: {
    appointment: "{services} во {place}, {when}",
    summary: "{services} во {place}",
    serviceLine: "{time} {service} кај {employee}",
    whenLabel: "Кога:",
    whereLabel: "Каде:",
    servicesLabel: "Услуги:",
    openAction: "Погледнете го терминот",
    calendarAction: "Додајте во календарот",
    events: {
      booked: { title: "Терминот е закажан", lead: "Вашиот термин е закажан." },
      rescheduled: { title: "Терминот е поместен", lead: "Вашиот термин е поместен во ново време." },
      cancelled: {
        title: "Терминот е откажан",
        lead: "Вашиот термин е откажан. Можете да закажете нов термин кога сакате.",
      },
      reminder: { title: "Потсетник за термин", lead: "Ве потсетуваме на вашиот претстоен термин." },
    },
  },
  ru: {
    appointment: "{services} — {place}, {when}",
    summary: "{services} — {place}",
    serviceLine: "{time} {service}, специалист: {employee}",
    whenLabel: "Когда:",
    whereLabel: "Где:",
    servicesLabel: "Услуги:",
    openAction: "Посмотреть запись",
    calendarAction: "Добавить в календарь",
    events: {
      booked: { title: "Запись оформлена", lead: "Ваша запись оформлена." },
      rescheduled: { title: "Запись перенесена", lead: "Ваша запись перенесена на другое время." },
      cancelled: {
        title: "Запись отменена",
        lead: "Ваша запись отменена. Вы можете записаться снова в любое время.",
      },
      reminder: { title: "Напоминание о записи", lead: "Напоминаем о вашей предстоящей записи." },
    },
  },
};
