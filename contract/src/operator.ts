/**
 * The operator key used in wire names of the spec ("{operator}_MONEY", "/store_finder/{operator}_shop",
 * "cms/maps/{operator}shopsbycoordinates", "is{Operator}Works"). Wire names stay fixed; the brand name
 * shown to users is configuration (configData.brandName).
 */
export const OPERATOR = 'naija';
export const OPERATOR_UPPER = 'NAIJA';
export const OPERATOR_TITLE = 'Naija';
export const OPCO = 'NG';
