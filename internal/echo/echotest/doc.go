// Package echotest checks in tests that error messages keep to package
// echo's bound on the user values they repeat.
package echotest
