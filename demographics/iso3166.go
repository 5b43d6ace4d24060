package demographics

import (
	"fmt"
	"slices"
	"strings"
)

// iso3166Alpha3 lists the officially assigned ISO 3166-1 alpha-3 country
// codes (ISO 3166-1:2020 with its newsletters up to 2024: 249 codes),
// space-separated and sorted, so that it can be searched with
// [slices.BinarySearch]. Reserved, transitional and user-assigned codes are
// not included.
const iso3166Alpha3 = "" +
	"ABW AFG AGO AIA ALA ALB AND ARE ARG ARM ASM ATA ATF ATG AUS AUT AZE " +
	"BDI BEL BEN BES BFA BGD BGR BHR BHS BIH BLM BLR BLZ BMU BOL BRA BRB BRN BTN BVT BWA " +
	"CAF CAN CCK CHE CHL CHN CIV CMR COD COG COK COL COM CPV CRI CUB CUW CXR CYM CYP CZE " +
	"DEU DJI DMA DNK DOM DZA " +
	"ECU EGY ERI ESH ESP EST ETH " +
	"FIN FJI FLK FRA FRO FSM " +
	"GAB GBR GEO GGY GHA GIB GIN GLP GMB GNB GNQ GRC GRD GRL GTM GUF GUM GUY " +
	"HKG HMD HND HRV HTI HUN " +
	"IDN IMN IND IOT IRL IRN IRQ ISL ISR ITA " +
	"JAM JEY JOR JPN " +
	"KAZ KEN KGZ KHM KIR KNA KOR KWT " +
	"LAO LBN LBR LBY LCA LIE LKA LSO LTU LUX LVA " +
	"MAC MAF MAR MCO MDA MDG MDV MEX MHL MKD MLI MLT MMR MNE MNG MNP MOZ MRT MSR MTQ MUS MWI MYS MYT " +
	"NAM NCL NER NFK NGA NIC NIU NLD NOR NPL NRU NZL " +
	"OMN " +
	"PAK PAN PCN PER PHL PLW PNG POL PRI PRK PRT PRY PSE PYF " +
	"QAT " +
	"REU ROU RUS RWA " +
	"SAU SDN SEN SGP SGS SHN SJM SLB SLE SLV SMR SOM SPM SRB SSD STP SUR SVK SVN SWE SWZ SXM SYC SYR " +
	"TCA TCD TGO THA TJK TKL TKM TLS TON TTO TUN TUR TUV TWN TZA " +
	"UGA UKR UMI URY USA UZB " +
	"VAT VCT VEN VGB VIR VNM VUT " +
	"WLF WSM " +
	"YEM " +
	"ZAF ZMB ZWE"

// gadmOnlyCodes are the codes GADM 4.1 uses for areas without an ISO 3166-1
// code (Akrotiri and Dhekelia, Caspian Sea, Clipperton Island, Kosovo,
// Paracel Islands, Spratly Islands, and the disputed areas Z01…Z09), sorted.
const gadmOnlyCodes = "XAD XCA XCL XKO XPI XSP Z01 Z02 Z03 Z04 Z05 Z06 Z07 Z08 Z09"

// Parsed once at package initialisation; both lists are sorted.
var (
	iso3Codes = strings.Fields(iso3166Alpha3)
	gadmCodes = strings.Fields(gadmOnlyCodes)
)

// NormalizeCountryCode returns code trimmed of surrounding white space and
// upper-cased ("civ " → "CIV") if it is an officially assigned ISO 3166-1
// alpha-3 code or one of GADM's own codes (XAD, XCA, XCL, XKO, XPI, XSP,
// Z01…Z09; SPEC §10.3 step 1). Otherwise the error wraps
// [ErrInvalidCountryCode] and reads `Invalid country code: "ZZZ"` followed
// by what was expected. It never touches the network.
func NormalizeCountryCode(code string) (string, error) {
	c := strings.ToUpper(strings.TrimSpace(code))
	if len(c) == 3 {
		if _, ok := slices.BinarySearch(iso3Codes, c); ok {
			return c, nil
		}
		if _, ok := slices.BinarySearch(gadmCodes, c); ok {
			return c, nil
		}
	}
	return "", &countryCodeError{code: code}
}

// countryCodeError is the error of [NormalizeCountryCode].
type countryCodeError struct{ code string }

// Error implements error with the SPEC §10.3 wording.
func (e *countryCodeError) Error() string {
	return fmt.Sprintf("Invalid country code: %q (expected an ISO 3166-1 alpha-3 code such as NGA, "+
		"or one of GADM's codes XAD, XCA, XCL, XKO, XPI, XSP, Z01…Z09)", e.code)
}

// Unwrap makes the error match [ErrInvalidCountryCode].
func (e *countryCodeError) Unwrap() error { return ErrInvalidCountryCode }
