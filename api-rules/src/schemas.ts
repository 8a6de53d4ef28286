/**
 * The JSON schemas of the API's request bodies (TypeBox), by the body names of the route table
 * (`API_ROUTES[name].body`). The server validates bodies with them (Fastify's TypeBox type provider);
 * where a body does not match, the route's own reader answers with the contract's exact refusal
 * (`BODY_READERS`), so a schema is never stricter than the rules: `schemas.test.ts` holds that.
 * A module of its own, so that the in-browser back end does not bundle TypeBox.
 */
import { Type, type Static, type TSchema } from 'typebox';
import type { BodyName } from './routes';

const Text = Type.String();
const OptionalText = Type.Optional(Type.String());

/** Spec 7's `postData`: text, an image, or both (the rules decide what is enough). */
const OptionalTextOrNull = Type.Optional(Type.Union([Type.String(), Type.Null()]));
const PostData = Type.Object({ postData: Type.Object({ content: OptionalText, image: OptionalTextOrNull, replyTo: OptionalTextOrNull }) });

export const BODY_SCHEMAS = {
  signup: Type.Object({ username: Text, password: Text, firstName: Text, lastName: Text, profilePic: OptionalText, title: OptionalText, bio: OptionalText, website: OptionalText }),
  credentials: Type.Object({ username: Text, password: Text }),
  profileEdit: Type.Object({
    userData: Type.Object({ profilePic: OptionalText, title: OptionalText, bio: OptionalText, website: OptionalText, username: OptionalText }),
  }),
  postData: PostData,
} satisfies Record<BodyName, TSchema>;

export type Body<Name extends BodyName> = Static<(typeof BODY_SCHEMAS)[Name]>;
