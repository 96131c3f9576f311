/** User agents of crawlers, link previewers, monitors and scripted clients: their events are dropped. */
const botPattern =
  /bot\b|bot\/|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|discordbot|slackbot|headlesschrome|phantomjs|lighthouse|pingdom|uptimerobot|statuscake|python-requests|python-urllib|aiohttp|httpclient|okhttp|go-http-client|curl\/|wget\/|libwww|java\/|scrapy|node-fetch|axios\//i;

/** True for an obvious bot, or for a request without any user agent. */
export function isObviousBot(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.trim() === '') return true;
  return botPattern.test(userAgent);
}
