/**
 * The demo data set (spec 3): 8 users, 16 posts (two each), like counts from 39 to 9432. The guest
 * account is one of the users. Ids are fresh random UUIDs each time the seeds are laid down. Websites
 * use the reserved `.example` domain, so no link points at a real person's site.
 */
import { DEFAULT_AVATAR, GUEST_CREDENTIALS, PRESET_AVATARS } from '@chirp/contracts';
import type { Database, StoredPost, StoredUser } from './database';
import { newTokenSecret } from './tokens';

/** The password of every seed user except the guest (who has `GUEST_CREDENTIALS`). */
export const SEED_PASSWORD = 'chirp@demo1';

type SeedKey = 'guest' | 'priya' | 'marcus' | 'sofia' | 'kenji' | 'amara' | 'lukas' | 'hannah';

interface SeedUser {
  key: SeedKey;
  fields: Pick<StoredUser, 'username' | 'firstName' | 'lastName' | 'profilePic' | 'title' | 'bio' | 'website' | 'createdAt'>;
  follows: SeedKey[];
  bookmarks?: Array<[SeedKey, number]>;
}

const [avatar1, avatar2, avatar3, avatar4, avatar5, avatar6] = PRESET_AVATARS as [string, string, string, string, string, string];

const SEED_USERS: SeedUser[] = [
  {
    key: 'guest',
    fields: {
      username: GUEST_CREDENTIALS.username,
      firstName: 'Guest',
      lastName: 'User',
      profilePic: DEFAULT_AVATAR,
      title: 'Just looking around',
      bio: 'The demo account. Post, like and follow freely: everything stays in this browser.',
      website: 'https://chirp.example',
      createdAt: '2026-09-01T09:00:00+00:00',
    },
    follows: ['priya', 'marcus'],
    bookmarks: [['marcus', 1]],
  },
  {
    key: 'priya',
    fields: {
      username: 'priya.nair',
      firstName: 'Priya',
      lastName: 'Nair',
      profilePic: avatar1,
      title: 'Product designer at Loomwork',
      bio: 'Designing calm software. Tea, sketchbooks and long walks along the backwaters of Kochi.',
      website: 'https://priyanair.example',
      createdAt: '2026-09-03T11:20:00+05:30',
    },
    follows: ['kenji', 'hannah', 'sofia'],
  },
  {
    key: 'marcus',
    fields: {
      username: 'marcus_bell',
      firstName: 'Marcus',
      lastName: 'Bell',
      profilePic: avatar2,
      title: 'Backend engineer',
      bio: "Distributed systems by day, sourdough by night. Opinions are my cat's.",
      website: 'https://marcusbell.example',
      createdAt: '2026-09-05T18:42:00-04:00',
    },
    follows: ['priya', 'amara'],
  },
  {
    key: 'sofia',
    fields: {
      username: 'sofia.alvarez',
      firstName: 'Sofía',
      lastName: 'Álvarez',
      profilePic: avatar3,
      title: 'Marine biologist',
      bio: 'Counting seagrass shoots in the Bay of Biscay. Ask me about octopuses.',
      website: 'http://tidepool-notes.example',
      createdAt: '2026-09-08T08:05:00+02:00',
    },
    follows: ['lukas', 'priya'],
  },
  {
    key: 'kenji',
    fields: {
      username: 'kenji.w',
      firstName: 'Kenji',
      lastName: 'Watanabe',
      profilePic: avatar4,
      title: 'Street photographer',
      bio: 'Tokyo after dark. Film when I can, phone when I must.',
      website: 'https://kenji-photos.example',
      createdAt: '2026-09-10T23:30:00+09:00',
    },
    follows: ['hannah'],
  },
  {
    key: 'amara',
    fields: {
      username: 'amara_okafor',
      firstName: 'Amara',
      lastName: 'Okafor',
      profilePic: avatar5,
      title: 'Data journalist',
      bio: 'Charts, budgets and the stories hiding in spreadsheets. Based in Lagos.',
      website: 'https://amaraokafor.example',
      createdAt: '2026-09-14T10:15:00+01:00',
    },
    follows: ['marcus', 'sofia', 'kenji'],
    bookmarks: [['sofia', 0]],
  },
  {
    key: 'lukas',
    fields: {
      username: 'lukas.becker',
      firstName: 'Lukas',
      lastName: 'Becker',
      profilePic: avatar6,
      title: 'Cycling coach',
      bio: 'Helping commuters fall in love with bikes. Berlin, rain or shine.',
      website: 'Ask for me at the Tempelhof loop on Sundays',
      createdAt: '2026-09-20T07:45:00+02:00',
    },
    follows: ['sofia'],
  },
  {
    key: 'hannah',
    fields: {
      username: 'hannah.lee',
      firstName: 'Hannah',
      lastName: 'Lee',
      profilePic: '/avatars/avatar-sketch.svg',
      title: 'Illustrator & primary teacher',
      bio: 'Drawing picture books and teaching Year 4. Powered by flat whites.',
      website: 'https://hannahdraws.example',
      createdAt: '2026-09-25T20:10:00+10:00',
    },
    follows: ['kenji', 'priya', 'guest'],
  },
];

interface SeedPost {
  author: SeedKey;
  content: string;
  image?: string;
  likeCount: number;
  likedBy: SeedKey[];
  createdAt: string;
}

const SEED_POSTS: SeedPost[] = [
  {
    author: 'guest',
    content: 'Hello Chirp! Trying out the demo account. Say hi and I might follow you back.',
    likeCount: 39,
    likedBy: ['hannah'],
    createdAt: '2026-11-04T10:12:00+00:00',
  },
  {
    author: 'guest',
    content: "Three things I liked today:\n1. Priya's thread on calm software\n2. Kenji's night shots\n3. Bread that actually rose",
    likeCount: 112,
    likedBy: [],
    createdAt: '2026-11-05T19:40:00+00:00',
  },
  {
    author: 'priya',
    content:
      "Calm software respects your attention. No red badges unless something truly needs you.\n\nI'll die on this hill.",
    likeCount: 2318,
    likedBy: ['guest', 'marcus', 'sofia'],
    createdAt: '2026-10-21T09:15:00+05:30',
  },
  {
    author: 'priya',
    content: 'Sketchbook page of the day: the onboarding flow for a library app. Paper first, pixels later.',
    likeCount: 640,
    likedBy: ['hannah'],
    createdAt: '2026-11-02T16:05:00+05:30',
  },
  {
    author: 'marcus',
    content: 'Day 14 of the sourdough experiment. The starter is called Kafka and yes, it is event-driven.',
    image: '/images/sourdough.svg',
    likeCount: 1274,
    likedBy: ['priya', 'amara'],
    createdAt: '2026-10-24T21:30:00-04:00',
  },
  {
    author: 'marcus',
    content: 'Reminder: a retry without backoff is just a denial-of-service attack you wrote yourself.',
    likeCount: 9432,
    likedBy: ['guest', 'amara', 'kenji', 'lukas'],
    createdAt: '2026-10-30T08:50:00-04:00',
  },
  {
    author: 'sofia',
    content: 'Low tide this morning. Two octopuses, one very offended crab and more seagrass than last year.',
    image: '/images/tide-pool.svg',
    likeCount: 3187,
    likedBy: ['lukas', 'priya', 'amara'],
    createdAt: '2026-10-22T07:20:00+02:00',
  },
  {
    author: 'sofia',
    content: 'Field season checklist:\n- waders\n- waterproof notebook\n- more snacks than you think\n- patience',
    likeCount: 455,
    likedBy: [],
    createdAt: '2026-11-01T13:10:00+01:00',
  },
  {
    author: 'kenji',
    content: 'Shinjuku, 1 a.m. Rain turns every street into a mirror.',
    image: '/images/tokyo-night.svg',
    likeCount: 5820,
    likedBy: ['guest', 'priya', 'hannah', 'amara'],
    createdAt: '2026-10-26T01:04:00+09:00',
  },
  {
    author: 'kenji',
    content: "Shot a whole roll of film today and I have no idea whether any of it worked. That's the fun part.",
    likeCount: 287,
    likedBy: [],
    createdAt: '2026-11-03T22:45:00+09:00',
  },
  {
    author: 'amara',
    content:
      "New piece out: we read ten years of city budget lines so you don't have to. Short version: potholes win, libraries lose.",
    likeCount: 1903,
    likedBy: ['marcus', 'sofia'],
    createdAt: '2026-10-28T12:00:00+01:00',
  },
  {
    author: 'amara',
    content: "Chart tip: if your y-axis doesn't start at zero, say so. Readers will trust you more for it.",
    likeCount: 768,
    likedBy: ['marcus'],
    createdAt: '2026-11-05T09:30:00+01:00',
  },
  {
    author: 'lukas',
    content: 'Sunday route: 42 km along the canal, two coffee stops, zero punctures. A good day.',
    image: '/images/bike-route.svg',
    likeCount: 1046,
    likedBy: ['sofia'],
    createdAt: '2026-10-25T17:25:00+02:00',
  },
  {
    author: 'lukas',
    content: 'Winter commuting, the short list:\nLights on, even at noon.\nMudguards are not optional.\nWool socks beat everything.',
    likeCount: 198,
    likedBy: [],
    createdAt: '2026-11-04T07:05:00+01:00',
  },
  {
    author: 'hannah',
    content: 'My Year 4 class drew their dream pets. We now have a dragon-hamster and a very polite shark.',
    likeCount: 4410,
    likedBy: ['kenji', 'priya', 'guest'],
    createdAt: '2026-10-23T15:40:00+11:00',
  },
  {
    author: 'hannah',
    content: 'Finished the last spread of the picture book! Off to the printer next month.',
    likeCount: 823,
    likedBy: ['priya'],
    createdAt: '2026-11-02T20:55:00+11:00',
  },
];

/** Hashes a password the way the back end stores it (PBKDF2 in the browser, scrypt on the server). */
export type PasswordHasher = (password: string) => Promise<string>;

/**
 * Makes the seed factory of a back end. Hashing is the slow part of seeding (a page's first load
 * waits for it), so each distinct seed password is hashed once: the seed users who share the public
 * demo password share its salted hash. A salted hash stays valid for the same password, so one set
 * of hashes serves every reseed of the process's life (tests reseed often). Each call answers a
 * fresh copy of the demo data set, with new ids and a new token key.
 */
export function seedDatabaseFactory(hashPassword: PasswordHasher): () => Promise<Database> {
  let seedHashes: Promise<Map<SeedKey, string>> | undefined;
  const passwordOf = (key: SeedKey) => (key === 'guest' ? GUEST_CREDENTIALS.password : SEED_PASSWORD);
  const hashSeedPasswords = async () => {
    const passwords = [...new Set(SEED_USERS.map(({ key }) => passwordOf(key)))];
    const hashes = new Map(
      await Promise.all(passwords.map(async (password) => [password, await hashPassword(password)] as const)),
    );
    return new Map(SEED_USERS.map(({ key }) => [key, hashes.get(passwordOf(key))!] as const));
  };
  return async () => buildSeedDatabase(await (seedHashes ??= hashSeedPasswords()));
}

function buildSeedDatabase(hashes: Map<SeedKey, string>): Database {
  const ids = new Map(SEED_USERS.map(({ key }) => [key, crypto.randomUUID()]));
  const idOf = (key: SeedKey) => ids.get(key)!;

  const posts: StoredPost[] = SEED_POSTS.map((seed, index) => ({
    _id: crypto.randomUUID(),
    seq: index + 1,
    content: seed.content,
    ...(seed.image ? { image: seed.image } : {}),
    username: SEED_USERS.find(({ key }) => key === seed.author)!.fields.username,
    likes: { likeCount: seed.likeCount, likedBy: seed.likedBy.map(idOf), dislikedBy: [] },
    createdAt: seed.createdAt,
    updatedAt: seed.createdAt,
  }));
  const postOf = (author: SeedKey, index: number) =>
    posts.filter((_post, position) => SEED_POSTS[position]!.author === author)[index]!._id;

  const users: StoredUser[] = SEED_USERS.map((seed) => ({
    _id: idOf(seed.key),
    ...seed.fields,
    passwordHash: hashes.get(seed.key)!,
    bookmarks: (seed.bookmarks ?? []).map(([author, index]) => postOf(author, index)),
    following: seed.follows.map(idOf),
    followers: SEED_USERS.filter((other) => other.follows.includes(seed.key)).map((other) => idOf(other.key)),
    extras: {},
    updatedAt: seed.fields.createdAt,
  }));

  return { tokenSecret: newTokenSecret(), users, posts };
}
