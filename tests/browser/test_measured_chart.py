"""The claimed-versus-measured chart in a real browser: axe finds no violation, and with
JavaScript off the chart and its table (the text alternative) are there and readable."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.browser

CLAIM = "claims/zephyr-turbo-4x/index.html"


def test_axe_reports_no_violation_on_the_chart_page(page: Page, measured_url: str) -> None:
    page.goto(measured_url + CLAIM, wait_until="load")
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def test_the_table_alternative_reads_without_javascript(
    make_context: Callable[..., BrowserContext], measured_url: str, tmp_path: Path
) -> None:
    context = make_context(java_script_enabled=False, viewport={"width": 900, "height": 900})
    page = context.new_page()
    page.goto(measured_url + CLAIM, wait_until="load")
    chart = page.locator("svg.measure-chart")
    assert chart.get_attribute("role") == "img"
    assert chart.is_visible()
    # The accessible name comes from the chart's title and description.
    title = page.locator("#measure-title").text_content()
    assert title == "Claimed up to 4x versus 3 measurements"
    table = page.locator("table.measure-table")
    assert table.is_visible()
    assert page.locator("table.measure-table caption").inner_text() == (
        "Measurements of the claimed up to 4x"
    )
    rows = table.locator("tbody tr")
    assert rows.count() == 3
    first = rows.nth(2).inner_text()
    assert "Orbit Review" in first and "3.8x" in first and "reached" in first and "yes" in first
    assert "no: derives from the claim's own source" in rows.nth(0).inner_text()
    chart.screenshot(path=str(tmp_path / "chart.png"))
    assert (tmp_path / "chart.png").stat().st_size > 1000
    context.close()
