/**
 * Words of APIs that name their methods in the path (Slack's `/conversations.list`, Telegram's
 * `/getUpdates`, Plaid's `/transactions/sync`): the compiler reads them to tell a path that is a
 * method's name from one that names a resource. Words are lower case, as `words()`
 * (infer/naming.ts) splits names. The verbs of verbs.ts count as well; these are the ones
 * only method names start with.
 */

/**
 * First words of method names that no other list of verbs gives: Telegram's
 * `answerCallbackQuery`, `forwardMessage` and `promoteChatMember`, Plaid's
 * `/item/public_token/exchange`.
 */
export const METHOD_NAME_VERBS: readonly string[] = [
  'answer', 'exchange', 'export', 'forward', 'kick', 'promote', 'restrict', 'unban',
];

/**
 * What follows the last dot of a path that names a file's format rather than a method
 * (`/statuses/home_timeline.json`, `/openapi.yaml`, `/robots.txt`).
 */
export const FORMAT_EXTENSIONS: readonly string[] = [
  'json', 'xml', 'yaml', 'yml', 'txt', 'csv', 'tsv', 'html', 'htm', 'rss', 'atom', 'js', 'css', 'md', 'pdf', 'png', 'jpg', 'jpeg', 'gif', 'svg',
  'ico', 'zip', 'gz', 'tar', 'wsdl', 'xsd', 'proto', 'ics', 'vcf',
];
