/** A class a demo studio teaches: its names by language (English when the studio's is missing), and when it runs. */
export interface DemoClassType {
  names: Partial<Record<string, string>> & { en: string };
  descriptions: Partial<Record<string, string>> & { en: string };
  capacity: number;
  durationMinutes: number;
  /** Price in major units of the studio's currency, scaled by the currency (see PRICE_SCALE). */
  price: number;
  marketplaceService: string;
  /** Which of the studio's two instructors teaches it (0 or 1). */
  instructor: 0 | 1;
  schedules: Array<{ rrule: string; startsAt: string }>;
}

/** Weekly classes of the demo's yoga and fitness studios: mornings and evenings, no instructor or room twice at once. */
export const DEMO_CLASS_TYPES: Readonly<Record<"yoga-studio" | "fitness-studio", readonly DemoClassType[]>> = {
  "yoga-studio": [
    {
      names: {
        en: "Vinyasa flow",
        bg: "Виняса флоу",
        mk: "Вињаса флоу",
        ru: "Виньяса флоу",
        el: "Vinyasa flow",
        tr: "Vinyasa akış",
      },
      descriptions: {
        en: "A dynamic class linking breath and movement, for every level.",
        bg: "Динамичен клас, който свързва дъха и движението, за всяко ниво.",
        mk: "Динамичен час што ги поврзува здивот и движењето, за секое ниво.",
        ru: "Динамичное занятие, связывающее дыхание и движение, для любого уровня.",
        tr: "Nefes ve hareketi birleştiren, her seviyeye uygun dinamik bir ders.",
      },
      capacity: 12,
      durationMinutes: 60,
      price: 15,
      marketplaceService: "yoga-class",
      instructor: 0,
      schedules: [
        { rrule: "FREQ=WEEKLY;BYDAY=MO,WE,FR", startsAt: "07:30" },
        { rrule: "FREQ=WEEKLY;BYDAY=TU,TH", startsAt: "18:30" },
      ],
    },
    {
      names: { en: "Yin yoga", bg: "Ин йога", mk: "Јин јога", ru: "Инь-йога", el: "Yin yoga", tr: "Yin yoga" },
      descriptions: {
        en: "Slow, long-held floor poses to release deep tension.",
        bg: "Бавни, дълго задържани пози на пода за дълбоко отпускане.",
        mk: "Бавни, долго задржани пози на подот за длабоко опуштање.",
        ru: "Медленные, долго удерживаемые позы на полу для глубокого расслабления.",
        tr: "Derin gerginliği çözmek için yavaş, uzun süre tutulan yer pozları.",
      },
      capacity: 8,
      durationMinutes: 75,
      price: 18,
      marketplaceService: "yoga-class",
      instructor: 1,
      schedules: [
        { rrule: "FREQ=WEEKLY;BYDAY=MO,WE", startsAt: "19:30" },
        { rrule: "FREQ=WEEKLY;BYDAY=SA,SU", startsAt: "10:00" },
      ],
    },
  ],
  "fitness-studio": [
    {
      names: {
        en: "Pilates mat",
        bg: "Пилатес на постелка",
        mk: "Пилатес на подлога",
        ru: "Пилатес на коврике",
        el: "Pilates mat",
        tr: "Mat pilates",
      },
      descriptions: {
        en: "Core strength and posture on the mat, with small equipment.",
        bg: "Сила в центъра на тялото и стойка на постелка, с малки уреди.",
        mk: "Сила на јадрото и држење на подлога, со мали реквизити.",
        ru: "Сила мышц кора и осанка на коврике, с небольшим инвентарём.",
        tr: "Küçük ekipmanlarla matta merkez gücü ve duruş.",
      },
      capacity: 8,
      durationMinutes: 50,
      price: 16,
      marketplaceService: "pilates-class",
      instructor: 0,
      schedules: [
        { rrule: "FREQ=WEEKLY;BYDAY=MO,WE,FR", startsAt: "09:00" },
        { rrule: "FREQ=WEEKLY;BYDAY=TU,TH", startsAt: "18:00" },
      ],
    },
    {
      names: {
        en: "HIIT",
        bg: "HIIT тренировка",
        mk: "HIIT тренинг",
        ru: "ВИИТ-тренировка",
        el: "HIIT",
        tr: "HIIT antrenmanı",
      },
      descriptions: {
        en: "Short, intense intervals for strength and stamina.",
        bg: "Кратки, интензивни интервали за сила и издръжливост.",
        mk: "Кратки, интензивни интервали за сила и издржливост.",
        ru: "Короткие интенсивные интервалы для силы и выносливости.",
        tr: "Güç ve dayanıklılık için kısa, yoğun aralıklar.",
      },
      capacity: 6,
      durationMinutes: 45,
      price: 14,
      marketplaceService: "personal-training",
      instructor: 1,
      schedules: [
        { rrule: "FREQ=WEEKLY;BYDAY=TU,TH", startsAt: "07:00" },
        { rrule: "FREQ=WEEKLY;BYDAY=SA", startsAt: "11:00" },
      ],
    },
  ],
};

/** Prices in major units are for the euro; other currencies of the demo cities scale them. */
export const PRICE_SCALE: Readonly<Record<string, number>> = {
  EUR: 1,
  BGN: 2,
  MKD: 60,
  TRY: 40,
  RUB: 100,
  RON: 5,
  GBP: 1,
};

/** Names of the demo's instructors, two per studio, drawn in turn. */
/** The studios' instructors by the place's language, in its script, with the word for their role. */
export const DEMO_INSTRUCTORS: Readonly<
  Record<string, { title: string; people: ReadonlyArray<readonly [string, string]> }>
> = {
  bg: {
    title: "Инструктор",
    people: [
      ["Елица", "Колева"],
      ["Николай", "Димов"],
      ["Мила", "Георгиева"],
      ["Иван", "Петров"],
    ],
  },
  mk: {
    title: "Инструктор",
    people: [
      ["Ана", "Стојановска"],
      ["Марко", "Трајковски"],
      ["Елена", "Петровска"],
      ["Стефан", "Николовски"],
    ],
  },
  ru: {
    title: "Инструктор",
    people: [
      ["Ольга", "Смирнова"],
      ["Дмитрий", "Козлов"],
      ["Анна", "Волкова"],
      ["Сергей", "Морозов"],
    ],
  },
  el: {
    title: "Εκπαιδευτής",
    people: [
      ["Κατερίνα", "Παπαδάκη"],
      ["Νίκος", "Γεωργίου"],
      ["Μαρία", "Ιωάννου"],
      ["Γιώργος", "Δημητρίου"],
    ],
  },
  tr: {
    title: "Eğitmen",
    people: [
      ["Deniz", "Aydın"],
      ["Emre", "Yılmaz"],
      ["Elif", "Kaya"],
      ["Burak", "Demir"],
    ],
  },
  ro: {
    title: "Instructor",
    people: [
      ["Ioana", "Popescu"],
      ["Andrei", "Ionescu"],
      ["Elena", "Dumitru"],
      ["Mihai", "Stan"],
    ],
  },
  de: {
    title: "Trainerin",
    people: [
      ["Lena", "Schneider"],
      ["Jonas", "Weber"],
      ["Anna", "Fischer"],
      ["Paul", "Wagner"],
    ],
  },
  es: {
    title: "Instructora",
    people: [
      ["Lucía", "García"],
      ["Pablo", "Martín"],
      ["Carmen", "López"],
      ["Javier", "Ruiz"],
    ],
  },
  it: {
    title: "Istruttrice",
    people: [
      ["Giulia", "Rossi"],
      ["Marco", "Bianchi"],
      ["Chiara", "Romano"],
      ["Luca", "Ricci"],
    ],
  },
  fr: {
    title: "Professeure",
    people: [
      ["Camille", "Martin"],
      ["Hugo", "Bernard"],
      ["Léa", "Dubois"],
      ["Louis", "Moreau"],
    ],
  },
  en: {
    title: "Instructor",
    people: [
      ["Emma", "Taylor"],
      ["James", "Brown"],
      ["Olivia", "Wilson"],
      ["Jack", "Evans"],
    ],
  },
};

/** The class category's name by language. */
export const CLASS_CATEGORY_NAMES: Readonly<Record<string, string>> = {
  en: "Classes",
  bg: "Групови класове",
  mk: "Групни часови",
  ru: "Групповые занятия",
  tr: "Grup dersleri",
  el: "Ομαδικά μαθήματα",
};
