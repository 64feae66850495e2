// The served text file, also compiled in: loaded only when fetching /src/locales/en.json fails.
import texts from '../../public/src/locales/en.json';

export default texts as Record<string, unknown>;
