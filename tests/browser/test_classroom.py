"""The live class in a real browser: the teacher starts a class, a student opens the join
link on a phone-sized page, joins, rolls (seeing the 13 dice drawn) and sends, and the
teacher's projector shows the send by itself within 2 s, in its sentence and on its chart; the
nickname shows as text."""

from __future__ import annotations

import re
import time

import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def test_a_student_send_reaches_the_projector_within_two_seconds(voila_app, chromium_browser):
    teacher_context = chromium_browser.new_context()
    student_context = chromium_browser.new_context(viewport=PHONE)
    try:
        teacher = teacher_context.new_page()
        teacher.goto(voila_app.page_url("classroom/teacher.ipynb"), timeout=120_000)
        teacher.click(".kit-class-start", timeout=120_000)
        teacher.wait_for_selector(".kit-class-code svg", timeout=30_000)
        code = re.search(r"\b[2-9A-Z]{7}\b", teacher.inner_text(".kit-class-code")).group(0)
        link = teacher.get_attribute(".kit-class-code a", "href")
        assert link.endswith(f"classroom/student.ipynb?class={code}")
        teacher.wait_for_function(
            "document.querySelector('.kit-class-pooled').innerText.includes('0 trials pooled')"
        )

        student = student_context.new_page()
        student.goto(link, timeout=120_000)
        # the link's code fills the field once the browser told the kernel the page's address
        student.wait_for_function(
            f"document.querySelector('.kit-class-code-input input')?.value === '{code}'",
            timeout=120_000,
        )
        nickname = "<img src=x onerror=alert(1)>"
        student.fill(".kit-class-name input", nickname)
        student.click(".kit-class-join")
        student.wait_for_selector(".kit-class-roll:not([disabled])", timeout=30_000)
        assert nickname in student.inner_text("body")  # shown as text, not as an image
        for _ in range(3):
            student.click(".kit-class-roll")
        student.wait_for_function(
            "document.body.innerText.includes('3 trials ready to send')", timeout=30_000
        )
        assert student.locator(".kit-class-picture svg.kit-die").count() == 13  # the last roll
        student.click(".kit-class-send")
        student.wait_for_function("document.body.innerText.includes('Sent: 3 trials.')")
        sent = time.monotonic()
        teacher.wait_for_function(
            "document.querySelector('.kit-class-pooled').innerText"
            ".includes('3 trials pooled from 1 of 1 students.')",
            timeout=10_000,
        )
        assert time.monotonic() - sent < 2
        # the chart, hidden until the class started, shows the class's bars with their values
        teacher.wait_for_function(
            "document.querySelector('.kit-class-chart.kit-chart')?.textContent"
            ".includes('The class (3 trials)')",
            timeout=10_000,
        )
    finally:
        student_context.close()
        teacher_context.close()
