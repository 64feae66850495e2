// The served text file, also compiled in: loaded only when fetching /src/locales/ar.json fails.
import texts from '../../public/src/locales/ar.json';

export default texts as Record<string, unknown>;
