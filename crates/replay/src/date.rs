//! A replay's start time (microseconds since 1970, as ms_toollib gives it) as an ISO 8601
//! date, without a date crate: the civil-from-days conversion of Howard Hinnant's
//! `chrono`-compatible date algorithms.

/// `YYYY-MM-DDTHH:MM:SSZ`, or `None` for 0 (the replay has no date) or a year past 9999.
pub(crate) fn from_micros(micros: u64) -> Option<String> {
    if micros == 0 {
        return None;
    }
    let seconds = micros / 1_000_000;
    let days = (seconds / 86_400) as i64;
    let of_day = seconds % 86_400;
    let (year, month, day) = civil_from_days(days);
    if year > 9999 {
        return None;
    }
    Some(format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        of_day / 3600,
        of_day / 60 % 60,
        of_day % 60
    ))
}

/// Year, month (1-12) and day (1-31) of a day count since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        assert_eq!(from_micros(0), None);
        assert_eq!(from_micros(1).as_deref(), Some("1970-01-01T00:00:00Z"));
        // ms_toollib's own example: 18.10.2022 20:16:24.868.
        assert_eq!(
            from_micros(1_666_124_184_868_000).as_deref(),
            Some("2022-10-18T20:16:24Z")
        );
        assert_eq!(
            from_micros(951_782_400_000_000).as_deref(),
            Some("2000-02-29T00:00:00Z")
        );
    }
}
