/**
 * Reading request bodies and query strings into checked values. Anything malformed, missing or
 * wrongly typed is refused with 400 and a sentence, before any rule runs.
 */
import { ACCOUNT_ERRORS, EMAIL_PATTERN, hasVisibleText, MAX_EMAIL_LENGTH } from '@chirp/contracts';
import { DEFAULT_AVATAR } from '@chirp/contracts';
import type { PageQuery } from '@chirp/contracts';
import { refuse, type StoredImage } from './database';
import { dataUrlWithoutMetadata } from './image-metadata';
import {
  APP_IMAGE_PATTERN,
  DATA_IMAGE_PATTERN,
  DECIDED_ERRORS,
  EXTRA_FIELD_NAME,
  LIMITS,
  RESERVED_FIELDS,
  SIGNUP_DEFAULTS,
  SPEC_ERRORS,
  USERNAME_PATTERN,
} from './decisions';

export type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body of a call that takes one; no body at all reads as `{}` so field checks can name what is missing. */
export function readJsonObject(text: string | null | undefined): JsonObject {
  if (text === null || text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    refuse(400, DECIDED_ERRORS.malformedJson);
  }
  if (!isObject(value)) refuse(400, DECIDED_ERRORS.bodyNotObject);
  return value;
}

function readObject(body: JsonObject, name: string): JsonObject {
  const value = body[name];
  if (!isObject(value)) refuse(400, DECIDED_ERRORS.missingObject(name));
  return value;
}

/** A text field: `undefined` when absent, refused when not text or longer than `max`. */
function readText(source: JsonObject, field: string, max: number, trim = true): string | undefined {
  const value = source[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') refuse(400, DECIDED_ERRORS.notText(field));
  const text = trim ? value.trim() : value;
  if (text.length > max) refuse(400, DECIDED_ERRORS.tooLong(field, max));
  return text;
}

/** http(s) addresses, `data:image/` addresses, or an image shipped with the app (`/images/…`, `/avatars/…`). */
export function isAcceptedImage(url: string): boolean {
  // Its size is checked where the purpose is known (a profile picture or a post image), with its own text.
  if (DATA_IMAGE_PATTERN.test(url)) return true;
  if (APP_IMAGE_PATTERN.test(url)) return true;
  return url.length <= LIMITS.maxHttpUrl && isHttpUrl(url);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The decoded size of a `data:` address's payload (other addresses: 0, their bytes are not ours to
 * count). A payload that does not decode (bad percent-encoding, characters outside base64) is refused:
 * nothing could show it, and every reader would have to survive it.
 */
export function dataUrlBytes(url: string): number {
  if (!DATA_IMAGE_PATTERN.test(url)) return 0;
  const comma = url.indexOf(',');
  const payload = url.slice(comma + 1);
  if (!/;base64$/i.test(url.slice(0, comma))) {
    try {
      return decodeURIComponent(payload).length;
    } catch {
      return refuse(400, DECIDED_ERRORS.malformedImage);
    }
  }
  if (!BASE64.test(payload)) refuse(400, DECIDED_ERRORS.malformedImage);
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol, hostname } = new URL(text);
    return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
  } catch {
    return false;
  }
}

/** A website is plain text (the spec's seed has some) unless it names a scheme, which must be http(s). */
export function isAcceptedWebsite(text: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(text) || isHttpUrl(text);
}

export interface ProfileFields {
  profilePic?: string;
  title?: string;
  bio?: string;
  website?: string;
}

function readProfileFields(source: JsonObject): ProfileFields {
  const fields: ProfileFields = {
    profilePic: readText(source, 'profilePic', LIMITS.maxDataUrl, false),
    title: readText(source, 'title', LIMITS.maxTitle),
    bio: readText(source, 'bio', LIMITS.maxBio),
    website: readText(source, 'website', LIMITS.maxWebsite),
  };
  if (fields.profilePic !== undefined && !isAcceptedImage(fields.profilePic)) {
    refuse(400, DECIDED_ERRORS.badImage);
  }
  if (fields.profilePic !== undefined && dataUrlBytes(fields.profilePic) > LIMITS.maxProfilePictureBytes) {
    refuse(400, DECIDED_ERRORS.profilePictureTooLarge);
  }
  if (fields.website !== undefined && !isAcceptedWebsite(fields.website)) {
    refuse(400, DECIDED_ERRORS.badWebsite);
  }
  if (fields.profilePic !== undefined) fields.profilePic = dataUrlWithoutMetadata(fields.profilePic);
  return fields;
}

export interface Credentials {
  username: string;
  password: string;
}

/** Login: both fields present and non-empty (spec 5), else 'Invaild Credentials'. */
export function readCredentials(body: JsonObject): Credentials {
  const username = readText(body, 'username', Number.MAX_SAFE_INTEGER);
  const password = readText(body, 'password', LIMITS.maxPassword, false);
  if (!username || !password) refuse(400, SPEC_ERRORS.emptyCredentials);
  return { username, password };
}

export interface SignupInput extends Credentials, Required<ProfileFields> {
  firstName: string;
  lastName: string;
  extras: Record<string, string>;
}

const REQUIRED_SIGNUP_FIELDS = ['username', 'password', 'firstName', 'lastName'] as const;
const PROFILE_FIELDS = ['profilePic', 'title', 'bio', 'website'];

export function readSignup(body: JsonObject): SignupInput {
  for (const field of REQUIRED_SIGNUP_FIELDS) {
    const value = body[field];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      refuse(400, SPEC_ERRORS.emptySignupField);
    }
  }
  const username = readText(body, 'username', LIMITS.maxUsername)!;
  const password = readText(body, 'password', Number.MAX_SAFE_INTEGER, false)!;
  const firstName = readText(body, 'firstName', LIMITS.maxName)!;
  const lastName = readText(body, 'lastName', LIMITS.maxName)!;
  if (!USERNAME_PATTERN.test(username)) refuse(400, DECIDED_ERRORS.usernameCharacters);
  if (password.length < LIMITS.minPassword) refuse(400, SPEC_ERRORS.passwordTooShort);
  if (password.length > LIMITS.maxPassword) refuse(400, DECIDED_ERRORS.passwordTooLong);
  const profile = readProfileFields(body);
  return {
    username,
    password,
    firstName,
    lastName,
    profilePic: profile.profilePic || DEFAULT_AVATAR,
    title: profile.title || SIGNUP_DEFAULTS.title,
    bio: profile.bio || SIGNUP_DEFAULTS.bio,
    website: profile.website || SIGNUP_DEFAULTS.website,
    extras: readExtraFields(body),
  };
}

/**
 * Other sign-up fields are stored as given (spec 3), within bounds: text only, at most ten, never a
 * field the server owns, and never anything naming a password (a confirmation must not be kept).
 */
function readExtraFields(body: JsonObject): Record<string, string> {
  const known = new Set<string>([...REQUIRED_SIGNUP_FIELDS, ...PROFILE_FIELDS]);
  const extras: Record<string, string> = {};
  for (const field of Object.keys(body)) {
    if (known.has(field) || /password/i.test(field)) continue;
    if (RESERVED_FIELDS.has(field) || !EXTRA_FIELD_NAME.test(field)) {
      refuse(400, DECIDED_ERRORS.badExtraFieldName(field.slice(0, 40)));
    }
    extras[field] = readText(body, field, LIMITS.maxExtraFieldValue)!;
  }
  if (Object.keys(extras).length > LIMITS.maxExtraFields) refuse(400, DECIDED_ERRORS.tooManyExtraFields);
  return extras;
}

export interface ProfileEdit extends ProfileFields {
  username?: string;
  /** The display name (the original mock back end applies them too). */
  firstName?: string;
  lastName?: string;
  /** Every other field sent: the rule accepts only those that repeat what is stored. */
  others?: JsonObject;
}

const EDITABLE = new Set(['profilePic', 'title', 'bio', 'website', 'username', 'firstName', 'lastName']);

/** A display name given in an edit: trimmed, not empty. */
function readName(source: JsonObject, field: 'firstName' | 'lastName'): string | undefined {
  const name = readText(source, field, LIMITS.maxName);
  if (name === '') refuse(400, DECIDED_ERRORS.emptyField(field));
  return name;
}

/** `{ userData: { profilePic, title, bio, website, firstName, lastName } }`; each field optional. */
export function readProfileEdit(body: JsonObject): ProfileEdit {
  const userData = readObject(body, 'userData');
  const fields = readProfileFields(userData);
  if (fields.profilePic === '') refuse(400, DECIDED_ERRORS.badImage);
  const others = Object.fromEntries(Object.entries(userData).filter(([key]) => !EDITABLE.has(key)));
  return {
    ...fields,
    firstName: readName(userData, 'firstName'),
    lastName: readName(userData, 'lastName'),
    username: readText(userData, 'username', Number.MAX_SAFE_INTEGER, false),
    others,
  };
}

export interface AccountInput {
  firstName?: string;
  lastName?: string;
  /** '' removes the address. */
  email?: string;
}

const ACCOUNT_FIELDS = ['firstName', 'lastName', 'email'];

/**
 * `{ firstName, lastName, email }`: names as a profile edit takes them, an address that reads as one.
 * Each is optional, but an edit names at least one and nothing else (a misspelt field is not ignored).
 */
export function readAccountEdit(body: JsonObject): AccountInput {
  const others = Object.keys(body).filter((key) => !ACCOUNT_FIELDS.includes(key));
  if (others.length) refuse(400, ACCOUNT_ERRORS.unknownFields(others));
  if (Object.keys(body).length === 0) refuse(400, ACCOUNT_ERRORS.nothingToChange);
  const email = readText(body, 'email', MAX_EMAIL_LENGTH);
  if (email && !EMAIL_PATTERN.test(email)) refuse(400, ACCOUNT_ERRORS.badEmail);
  return { firstName: readName(body, 'firstName'), lastName: readName(body, 'lastName'), email };
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** `{ currentPassword, newPassword }`: both given; the new one as sign-up takes one (8 to 128 characters). */
export function readPasswordChange(body: JsonObject): PasswordChange {
  const currentPassword = readText(body, 'currentPassword', LIMITS.maxPassword, false);
  const newPassword = readText(body, 'newPassword', Number.MAX_SAFE_INTEGER, false);
  if (!currentPassword) refuse(400, DECIDED_ERRORS.emptyField('currentPassword'));
  if (!newPassword) refuse(400, DECIDED_ERRORS.emptyField('newPassword'));
  if (newPassword.length < LIMITS.minPassword) refuse(400, SPEC_ERRORS.passwordTooShort);
  if (newPassword.length > LIMITS.maxPassword) refuse(400, DECIDED_ERRORS.passwordTooLong);
  return { currentPassword, newPassword };
}

/** `{ password }`: the account's password, given to delete it. */
export function readAccountDeletion(body: JsonObject): { password: string } {
  const password = readText(body, 'password', LIMITS.maxPassword, false);
  if (!password) refuse(400, DECIDED_ERRORS.emptyField('password'));
  return { password };
}

export interface PostInput {
  content: string;
  /** The first image (a one-image post's only one), as clients of the one-image API send and read it. */
  image?: string;
  /** The image's description (alt text); kept only with an image. */
  imageAlt?: string;
  /** The second to fourth images, in order (absent: at most one). */
  moreImages?: StoredImage[];
  /** The post this one replies to: kept when the post is made, never changed by an edit. */
  replyTo?: string;
  /** The post this one quotes: kept when the post is made, never changed by an edit. */
  quoteOf?: string;
}

export const characterCount = (text: string) => [...text].length;

/** A post image's URL as sent in `field` (null or '': none): an accepted address, within the size. */
function readPostImage(raw: unknown, field: string): string | undefined {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') refuse(400, DECIDED_ERRORS.notText(field));
  const image = raw || undefined;
  if (image !== undefined && !isAcceptedImage(image)) refuse(400, DECIDED_ERRORS.badImage);
  if (image !== undefined && dataUrlBytes(image) > LIMITS.maxPostImageBytes) refuse(400, DECIDED_ERRORS.postImageTooLarge);
  return image;
}

/** An image's description as sent in `field`, trimmed (null or blank: none). */
function readImageAlt(raw: unknown, field: string): string | undefined {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') refuse(400, DECIDED_ERRORS.notText(field));
  const alt = raw?.trim() || undefined;
  if (alt !== undefined && characterCount(alt) > LIMITS.maxImageAlt) refuse(400, DECIDED_ERRORS.imageAltTooLong);
  return alt;
}

const withAlt = (image: string, alt: string | undefined): StoredImage => (alt === undefined ? { image } : { image, alt });

/**
 * `images: [{ image, alt }]`, 1 to 4 of them (an empty list: none), each checked as `image` is. Where
 * `image` or `imageAlt` is sent too, it must be the first entry's: a client of the one-image API
 * that sends both cannot be told apart from a mistake otherwise.
 */
function readImageList(postData: JsonObject, list: unknown): StoredImage[] {
  if (!Array.isArray(list) || !list.every(isObject)) refuse(400, DECIDED_ERRORS.imagesNotList);
  if (list.length > LIMITS.maxPostImages) refuse(400, DECIDED_ERRORS.tooManyImages);
  const images = list.map((entry, index) => {
    const image = readPostImage(entry.image, `images[${index}].image`);
    if (image === undefined) return refuse(400, DECIDED_ERRORS.emptyField(`images[${index}].image`));
    return withAlt(image, readImageAlt(entry.alt, `images[${index}].alt`));
  });
  const single = readPostImage(postData.image, 'image');
  const singleAlt = readImageAlt(postData.imageAlt, 'imageAlt');
  const [first] = images;
  if (single !== undefined && single !== first?.image) refuse(400, DECIDED_ERRORS.imagesDisagree);
  if (singleAlt !== undefined && singleAlt !== first?.alt) refuse(400, DECIDED_ERRORS.imagesDisagree);
  return images;
}

/** The post's images, from `images` or the one-image API's `image` and `imageAlt`; without metadata. */
function readImages(postData: JsonObject): StoredImage[] {
  const list = postData.images === null ? undefined : postData.images;
  const images = list === undefined ? readSingleImage(postData) : readImageList(postData, list);
  return images.map(({ image, alt }) => withAlt(dataUrlWithoutMetadata(image), alt));
}

/** The one-image API's `image` and `imageAlt` (a description without an image is dropped, as before). */
function readSingleImage(postData: JsonObject): StoredImage[] {
  const image = readPostImage(postData.image, 'image');
  if (image === undefined) {
    if (postData.imageAlt !== undefined && postData.imageAlt !== null && typeof postData.imageAlt !== 'string') refuse(400, DECIDED_ERRORS.notText('imageAlt'));
    return [];
  }
  return [withAlt(image, readImageAlt(postData.imageAlt, 'imageAlt'))];
}

/** The input's image fields for `images`: the first as `image` and `imageAlt`, the others beside. */
export function imageFields(images: readonly StoredImage[]): Pick<PostInput, 'image' | 'imageAlt' | 'moreImages'> {
  const [first, ...more] = images;
  if (!first) return {};
  return {
    image: first.image,
    ...(first.alt === undefined ? {} : { imageAlt: first.alt }),
    ...(more.length === 0 ? {} : { moreImages: more }),
  };
}

/**
 * `{ postData: { content, image, imageAlt, images, replyTo, quoteOf } }`: text or an image (spec 5),
 * content at most 500 characters, up to four images; `replyTo` (a reply; not in the spec) names the
 * post answered.
 */
export function readPostData(body: JsonObject): PostInput {
  const postData = readObject(body, 'postData');
  const content = readText(postData, 'content', Number.MAX_SAFE_INTEGER) ?? '';
  if (characterCount(content) > LIMITS.maxPostContent) refuse(400, DECIDED_ERRORS.postTooLong);
  const images = readImages(postData);
  // Only invisible characters (zero-width spaces, fillers) is no text at all.
  const shown = hasVisibleText(content) ? content : '';
  if (!shown && images.length === 0) refuse(400, SPEC_ERRORS.emptyPost);
  const replyTo = postData.replyTo === null ? undefined : postData.replyTo;
  if (replyTo !== undefined && typeof replyTo !== 'string') refuse(400, DECIDED_ERRORS.notText('replyTo'));
  const quoteOf = postData.quoteOf === null ? undefined : postData.quoteOf;
  if (quoteOf !== undefined && typeof quoteOf !== 'string') refuse(400, DECIDED_ERRORS.notText('quoteOf'));
  return {
    content: shown,
    ...imageFields(images),
    ...(replyTo === undefined ? {} : { replyTo }),
    ...(quoteOf === undefined ? {} : { quoteOf }),
  };
}

export interface PageRequest {
  sort: NonNullable<PageQuery['sort']>;
  /** Absent: the whole list, as the spec's calls return it. */
  page?: { limit: number; cursor?: string };
}

/** `limit` (1..100), `cursor` (opaque) and `sort` ('latest' by default, or 'trending'). */
export function readPageRequest(query: URLSearchParams): PageRequest {
  const sort = query.get('sort') ?? 'latest';
  if (sort !== 'latest' && sort !== 'trending') refuse(400, DECIDED_ERRORS.badSort);
  const limitText = query.get('limit');
  const cursor = query.get('cursor') ?? undefined;
  if (limitText === null && cursor === undefined) return { sort };
  const limit = limitText === null ? LIMITS.defaultPageSize : Number(limitText);
  if (limitText !== null && !/^\d{1,3}$/.test(limitText)) refuse(400, DECIDED_ERRORS.badLimit);
  if (limit < 1 || limit > LIMITS.maxPageSize) refuse(400, DECIDED_ERRORS.badLimit);
  return { sort, page: { limit, cursor } };
}
