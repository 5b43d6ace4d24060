// Package paramstest holds params helpers for tests and benchmarks:
// [QuietParams], the default params of a short run with its progress bar
// off. It is separate from package params so that the test kit
// (internal/testkit) does not depend on params.
package paramstest
