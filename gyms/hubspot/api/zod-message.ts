/**
 * Request-body parsing of the HubSpot API: the kit's strict parser with HubSpot's validation error.
 */
import { bodyParser, zodMessage, type BodyParser } from '../../kit/body';
import { HUBSPOT_ERRORS } from './errors';

export { zodMessage };

/**
 * `schema` applied to a request body: the parsed value, or HubSpot's 400 `VALIDATION_ERROR` whose message is
 * {@link zodMessage} of the issues (every API body of the gym goes through here; strict schemas reject typos).
 * @throws HubSpotError 400 when the body does not match.
 */
export const parseBody: BodyParser = bodyParser(HUBSPOT_ERRORS.invalidBody);
