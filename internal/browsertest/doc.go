// Package browsertest opens `rubeola view`'s page in headless Chromium
// (Debian's package chromium, driven with chromedp) for tests: [Open]
// loads a page over file:// with the project's launch flags and records
// console problems and requests ([Events]); [CheckMap] runs the map's
// interactive checks with a screenshot after each ([Page.Shot], copied into
// $RUBEOLA_VIEW_SHOTS when set). Without Chromium a test skips, saying why,
// or fails when $RUBEOLA_REQUIRE_CHROMIUM is set (.ci/run sets it). It is
// internal: not part of the API.
package browsertest
