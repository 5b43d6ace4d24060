package metrics

// Version is rubeola's version, recorded in outputs (the results summary's
// metadata.generator is "rubeola " + Version). It lives here because
// metrics writes it and cannot import model.
const Version = "0.1.0"
