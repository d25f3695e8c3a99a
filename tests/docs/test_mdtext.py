"""The one escaping function of the docs pages (`mjc.compiler.docs.mdtext`): rulebook text becomes
Markdown that shows exactly it, and markup mjc wrote stays markup."""

from __future__ import annotations

import html

import markdown

from mjc.compiler.docs.mdtext import Md, anchor, code, page_title, text


def _rendered(source: str) -> str:
    return markdown.markdown(source, extensions=["tables", "attr_list", "admonition"])


def test_html_and_markdown_characters_become_character_references() -> None:
    escaped = text('<b>&"*_`[]{}|#\\')
    assert escaped == "&#60;b&#62;&#38;&#34;&#42;&#95;&#96;&#91;&#93;&#123;&#125;&#124;&#35;&#92;"
    assert html.unescape(escaped) == '<b>&"*_`[]{}|#\\'


def test_chinese_text_and_parenthesised_tiles_stay_as_written() -> None:
    assert text("清一色 (1111p) · 七对") == "清一色 (1111p) · 七对"


def test_line_breaks_become_spaces_and_controls_are_dropped() -> None:
    assert text("a\nb\r\nc\u2028d\x85e\x02f\x03") == "a b c d ef"


def test_a_list_or_admonition_marker_at_the_start_is_escaped_but_a_version_is_not() -> None:
    assert text("- item") == "&#45; item"
    assert text("!!! danger") == "&#33;!! danger"
    assert text("1. first") == "&#49;&#46; first"
    assert text("1.0") == "1.0"


def test_escaped_text_renders_as_the_same_text_and_no_element() -> None:
    payload = '<script>alert(1)</script> **b** [x](javascript:y) {: onclick="z" }'
    rendered = _rendered(f"# {text(payload)}\n\n| {text('| a |')} |\n|---|\n| x |\n")
    assert "<script" not in rendered and "<strong>" not in rendered and "<a " not in rendered
    assert "<h1>" in rendered  # the attribute list set no attribute on the heading
    assert html.unescape(rendered).count(payload) == 1
    assert rendered.count("<th>") == 1


def test_joining_text_into_markup_escapes_only_the_text() -> None:
    joined = Md("<b>{}</b>").format("<i>") + "*" + Md(" <br> ")
    assert joined == "<b>&#60;i&#62;</b>&#42; <br> "
    assert Md(", ").join(["_a_", Md("`b`")]) == "&#95;a&#95;, `b`"


def test_code_is_a_code_span_unless_a_backtick_or_a_pipe_could_end_it() -> None:
    assert code("all_chows") == "`all_chows`"
    assert code("清一色 <x>") == "`清一色 <x>`"
    assert code("a`b|c") == "<code>a&#96;b&#124;c</code>"
    assert "<script" not in _rendered(str(code("`<script>`")))


def test_anchors_keep_names_and_encode_anything_else() -> None:
    assert anchor("pure_one_suit") == "pure_one_suit"
    assert anchor('x") onclick=(') == "x%22%29%20onclick%3D%28"


def test_a_page_title_is_html_escaped_and_quoted_for_yaml() -> None:
    import yaml

    title = page_title('广东 <script>"x": y\n# z')
    assert yaml.safe_load(f"title: {title}") == {"title": "广东 &lt;script&gt;&quot;x&quot;: y # z"}
