// `npm run api-types`: writes the UI's API types from the API's OpenAPI document (platform/dev/api-types/generate.ts).
import { API_TYPES_FILE, writeApiTypes } from '../api-types/generate.ts';

if (import.meta.main) {
  const changed = await writeApiTypes();
  console.log(changed ? `wrote ${API_TYPES_FILE}` : `${API_TYPES_FILE} is up to date`);
  process.exit(0);
}
